import { PROMO_ENDS_AT } from '@domain/constants';

/** The promo's end, in the visitor's local time as SPEC writes it. */
export const promoEndsAt = (): Date => new Date(PROMO_ENDS_AT);

/**
 * When the build prerendered the pages (`VITE_PRERENDERED_AT`, set by vite.config.ts), else now. A
 * hydrating page counts down from it until the browser's clock takes over, so that it renders what
 * was prerendered: a promo that ended since the build is still there while the page hydrates, and
 * goes right after. Otherwise the two would differ, and React mends a difference by rendering the
 * page again in place of the prerendered DOM, with a hydration error in the console.
 */
export function prerenderedAt(): number {
  const at = Number(import.meta.env.VITE_PRERENDERED_AT);
  return Number.isFinite(at) && at > 0 ? at : Date.now();
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left until `endMs`, or null once it has passed. */
export function countdownParts(endMs: number, nowMs: number): CountdownParts | null {
  const left = Math.floor((endMs - nowMs) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}
