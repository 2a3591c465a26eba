// @vitest-environment jsdom
/**
 * The landing page hydrates with a Chakra system of its own that has only the tokens its styles name
 * (web/app/landing-theme.ts); the prerender uses the app's (web/app/theme.ts). A token missing from
 * the landing system would give a class another name and other CSS, not at the first render only
 * (test/unit/web/landing-document.test.tsx) but in any state the page reaches once it runs: so this
 * renders the page with both systems, drives it through its states (the counter, the promo clock,
 * the calculator's colours and notes, the narrow and wide layouts) and compares every step.
 */
import '@testing-library/jest-dom/vitest';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HydratingLandingDocument, LandingDocument } from '@/app/landing-document';
import { landingSystem } from '@/app/landing-theme';
import { system } from '@/app/theme';
import { stubApi } from './api-stub';
import { stubBrowserApis } from './browser-api-stubs';
import { setupPageTests } from './page-test-setup';

setupPageTests();

const mobileQuery = '(max-width: 768px)';

interface Render {
  /** The page's markup after each step (class names are hashes of their CSS), and the competitors' colours seen. */
  steps: string[];
  /** The CSS of the classes the page used on the way (not the global CSS). */
  css: string;
}

/** Renders `page` and takes it through its states, the same way for either system. */
async function renderSteps(page: (cache: EmotionCache) => ReactElement, { mobile }: { mobile: boolean }): Promise<Render> {
  stubBrowserApis(mobile ? [mobileQuery] : []);
  // The promo running, its clock stopped so both renders show the same time.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-05-28T12:00:00Z') });
  let answerCounter!: () => void;
  stubApi({ 'GET /api/counter': () => new Promise<Response>((resolve) => (answerCounter = () => resolve(Response.json({ count: 1234 })))) });
  const cache = createCache({ key: 'css' });
  const user = userEvent.setup();
  const { container, unmount } = render(<StrictMode>{page(cache)}</StrictMode>);
  const steps: string[] = [];
  const colours = new Set<string | undefined>();
  const step = () => {
    // An element a line, so a failure's diff shows which; React's client ids count on from one render to
    // the next (test/unit/web/landing-document.test.tsx compares the prerender's).
    steps.push(container.innerHTML.replaceAll('><', '>\n<').replace(/_r_\w+_/g, '_r_id_'));
    for (const figure of container.querySelectorAll<HTMLElement>('[data-colour]')) colours.add(figure.dataset.colour);
  };
  // The side navigation marks the section in view on the next frame: in jsdom, with no layout, the last.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Contact' })).toHaveAttribute('aria-current', 'true'));
  step();
  const count = screen.getByTestId('labels-count');
  const waiting = count.className;
  answerCounter();
  await waitFor(() => expect(count.className).not.toBe(waiting)); // loaded, fading in
  step();
  await waitFor(() => expect(count).toHaveTextContent('1234'), { timeout: 2000 });
  step();
  const input = screen.getByRole(mobile ? 'textbox' : 'spinbutton', { name: 'Package weight (lbs)' });
  // The first figures and 5 colour the competitors green, orange and red; 100 and abc bring a note.
  for (const typed of ['5', '100', 'abc']) {
    await user.clear(input);
    await user.type(input, typed);
    step();
  }
  await user.tab();
  step();
  const css = cache.sheet.tags.map((tag) => tag.textContent).join('');
  unmount();
  return { steps: [...steps, `colours seen: ${[...colours].sort().join(' ')}`], css };
}

const asPrerendered = (cache: EmotionCache) => (
  <CacheProvider value={cache}>
    <LandingDocument system={system} />
  </CacheProvider>
);
const asHydrated = (cache: EmotionCache) => <HydratingLandingDocument cache={cache} />;

/** The names of the tokens `css` refers to (`var(--chakra-fg-muted)` is `colors.fg.muted`), by the app's system. */
function tokensNamed(css: string): Set<string> {
  const byVariable = new Map<string, string>();
  for (const token of system.tokens.allTokens) {
    if (token.extensions.cssVar && !token.extensions.negative) byVariable.set(token.extensions.cssVar.var, token.name);
  }
  const names = new Set<string>();
  for (const [, variable] of css.matchAll(/var\((--chakra-[^),\s]+)/g)) {
    const name = byVariable.get(variable as string);
    if (name) names.add(name);
  }
  return names;
}

/** The landing system's own tokens (not the ones Chakra derives: conditions, negatives, colorPalette, breakpoints). */
const landingTokens = () =>
  landingSystem.tokens.allTokens
    .filter((t) => t.extensions.condition === 'base' && !t.extensions.negative && !t.extensions.virtual)
    .map((t) => t.name)
    .filter((name) => !/^(?:breakpoints\.|sizes\.breakpoint-)/.test(name));

describe("the landing page's own Chakra system (web/app/landing-theme.ts)", () => {
  it.each([
    ['narrow', true],
    ['wide', false],
  ])('styles every state of the %s page as the app system the prerender used does', async (_layout, mobile) => {
    const prerendered = await renderSteps(asPrerendered, { mobile });
    const hydrated = await renderSteps(asHydrated, { mobile });
    expect(prerendered.steps.at(-1)).toBe('colours seen: green orange red');
    expect(prerendered.steps).toHaveLength(8);
    // Named first: a token the page now uses that LANDING_TOKENS (web/app/landing-theme.ts) lacks.
    const named = tokensNamed(prerendered.css);
    expect([...named].filter((name) => !landingSystem.tokens.getByName(name)).sort()).toEqual([]);
    expect(hydrated.steps).toEqual(prerendered.steps);
    expect(hydrated.css).toBe(prerendered.css);
  });

  it('holds no token the page does not use, so hydration builds no more than it needs', async () => {
    const named = new Set([
      ...tokensNamed((await renderSteps(asPrerendered, { mobile: true })).css),
      ...tokensNamed((await renderSteps(asPrerendered, { mobile: false })).css),
    ]);
    expect(named.size).toBeGreaterThan(50);
    expect(landingTokens().filter((name) => !named.has(name))).toEqual([]);
  });
});
