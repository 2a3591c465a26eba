import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { SwrProvider } from '@/api-client/swr-config';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { PublicFrame } from './layouts/public-frame';
import { landingSystem } from './landing-theme';
import { PRERENDERED_CSS_ATTRIBUTE } from './prerender-styles';

/**
 * The system the hydration runs with: the landing page's own (web/app/landing-theme.ts), without the
 * global CSS ChakraProvider would insert (the reset, global styles, token variables and the layer
 * order). The prerendered page has the app's in its head already, so emotion's Global adds nothing
 * and moves nothing.
 */
const hydratingSystem = Object.create(landingSystem, {
  _global: { value: [] },
  layers: { value: { ...landingSystem.layers, atRule: '' } },
}) as typeof landingSystem;

/**
 * emotion's cache for the hydration, told which styles the prerendered head holds (web/app/
 * prerender-styles.ts, `static`). emotion's default cache would find them by their own attribute and
 * move each element to the end of the head, and a moved style element makes the browser re-style
 * the whole page (a long task on Lighthouse's phone, docs/performance.md); these elements stay where
 * they are.
 */
function prerenderedStylesCache(): EmotionCache {
  const [key = 'css', ...ids] =
    document.querySelector(`style[${PRERENDERED_CSS_ATTRIBUTE}]:not([${PRERENDERED_CSS_ATTRIBUTE}=""])`)?.getAttribute(PRERENDERED_CSS_ATTRIBUTE)?.split(' ') ??
    [];
  const cache = createCache({ key });
  for (const id of ids) cache.inserted[id] = true;
  return cache;
}

/**
 * The landing page `/` as its own small app: the page in the public frame, without the router, the
 * toaster or any other page's code (docs/performance.md). The build prerenders it into index.html
 * (web/app/prerender.tsx) with the app's `system` (web/app/theme.ts), whose global CSS then holds
 * every token's variable, and web/landing.tsx hydrates it once the page is painted; its links load
 * the next page, which is prerendered too. Inside the SPA (a guard sending a visitor home, the logo)
 * the same page renders in the router's public layout.
 */
export function LandingDocument({ system }: { system: SystemContext }) {
  return (
    <ChakraProvider value={system}>
      <LandingContent />
    </ChakraProvider>
  );
}

/**
 * What the browser hydrates the prerendered LandingDocument with: the same page, with the cache and
 * system above. The markup must be LandingDocument's, ids included (a unit test renders both).
 */
export function HydratingLandingDocument({ cache }: { cache: EmotionCache }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={hydratingSystem}>
        <LandingContent />
      </ChakraProvider>
    </CacheProvider>
  );
}

function LandingContent() {
  return (
    <SwrProvider>
      <PublicFrame>
        <LandingPage />
      </PublicFrame>
    </SwrProvider>
  );
}

/**
 * Takes over the prerendered landing page in `root`. The page is already on screen, so hydration runs
 * as a transition: React yields to the browser every few milliseconds instead of holding the main
 * thread for the whole tree (a phone's taps and scrolls stay answered; Lighthouse's blocking time).
 */
export function hydrateLanding(root: HTMLElement): Root {
  let reactRoot: Root | undefined;
  startTransition(() => {
    reactRoot = hydrateRoot(
      root,
      <StrictMode>
        <HydratingLandingDocument cache={prerenderedStylesCache()} />
      </StrictMode>,
    );
  });
  // startTransition runs its callback before it returns.
  return reactRoot!;
}
