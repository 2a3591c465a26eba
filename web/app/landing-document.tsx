import { ChakraProvider } from '@chakra-ui/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SwrProvider } from '@/api-client/swr-config';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { PublicFrame } from './layouts/public-frame';
import { system } from './theme';

/**
 * The system the hydration runs with: the app's, without the global CSS ChakraProvider would insert
 * (the reset, global styles and token variables). The prerendered page has that CSS in its head
 * already, and the build computes it only when read (vite.config.ts, lazyChakraGlobals), so the
 * phone skips half of Chakra's start-up; emotion's Global finds nothing to add.
 */
const hydratingSystem = Object.create(system, { _global: { value: [] } }) as typeof system;

/**
 * The landing page `/` as its own small app: the page in the public frame, without the router, the
 * toaster or any other page's code (docs/performance.md). The build prerenders it into index.html
 * (web/app/prerender.tsx) and web/landing.tsx hydrates it once the page is painted; its links load the next page, which is prerendered too. Inside the SPA
 * (a guard sending a visitor home, the logo) the same page renders in the router's public layout.
 */
export function LandingDocument({ hydrating = false }: { hydrating?: boolean }) {
  return (
    <ChakraProvider value={hydrating ? hydratingSystem : system}>
      <SwrProvider>
        <PublicFrame>
          <LandingPage />
        </PublicFrame>
      </SwrProvider>
    </ChakraProvider>
  );
}

/**
 * Takes over the prerendered landing page in `root`. The page is already on screen, so hydration runs
 * as a transition: React yields to the browser every few milliseconds instead of holding the main
 * thread for the whole tree (a phone's taps and scrolls stay answered; Lighthouse's blocking time).
 */
export function hydrateLanding(root: HTMLElement): void {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <LandingDocument hydrating />
      </StrictMode>,
    );
  });
}
