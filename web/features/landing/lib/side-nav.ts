/** The landing page's side navigation (SPEC section 2): pure helpers, no React. */

export const LANDING_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'prices', label: 'Prices' },
  { id: 'howto', label: 'How To' },
  { id: 'savings', label: 'Savings' },
  { id: 'contact', label: 'Contact' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** A click scrolls so that the section starts this far below the top of the viewport. */
export const SCROLL_OFFSET_PX = 80;
/** The active section is the last one starting at or above scrollY plus this. */
export const ACTIVE_PROBE_PX = 100;

export interface SectionOffset {
  id: string;
  /** Distance from the top of the document, in px. */
  top: number;
}

/**
 * The active section for a scroll position: the last section (in document order) whose top is at
 * or above `scrollY + 100`; the first one when none is. When the page is scrolled to its very end
 * (`atBottom`), the last section is active, since a short final section can never reach the probe.
 */
export function activeSectionId(sections: readonly SectionOffset[], scrollY: number, atBottom = false): string | undefined {
  if (sections.length === 0) return undefined;
  if (atBottom) return sections[sections.length - 1]?.id;
  const probe = scrollY + ACTIVE_PROBE_PX;
  let active = sections[0]?.id;
  for (const s of sections) if (s.top <= probe) active = s.id;
  return active;
}

/** Where to scroll for a section whose top is `top`: 80 px above it, never below 0. */
export const scrollTargetFor = (top: number): number => Math.max(0, top - SCROLL_OFFSET_PX);
