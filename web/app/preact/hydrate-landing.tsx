import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratingLandingDocument, prerenderedStylesCache } from '@/app/landing-document';
import { HydrationScheduleProvider, hydrationTurns } from '@/components/hydration-slice';
import { mobileMediaQuery } from '@/hooks/use-is-mobile';
import { getSession } from '@/lib/session';
import { hydration } from './react';

/**
 * Takes over the prerendered landing page in `root`, in the landing page's own build, where `react`
 * is Preact (vite.config.ts, landingBuildConfig; web/app/preact/react.ts). The page is already on
 * screen, so nothing hurries: the frame hydrates first, then each slice in a task of its own
 * (web/components/hydration-slice.tsx), so a phone's taps and scrolls stay answered between them;
 * the parts below wait until the visitor comes near them, and the parts with nothing to hydrate keep
 * their prerendered DOM.
 */
export function hydrateLanding(root: HTMLElement): void {
  // The prerender is a signed-out visitor's page on a phone. Another visitor's page differs from it in
  // slices all down the page (a signed-in visitor's Dashboard links, a wide screen's number field in
  // the calculator), and what differs must not wait to be scrolled to: for them every slice hydrates
  // on load, as the page is seen by a crawler, a screen reader's list of links or a find-in-page.
  const asPrerendered = getSession().token === null && window.matchMedia(mobileMediaQuery).matches;
  const turns = hydrationTurns(hydration, { defer: asPrerendered });
  hydrateRoot(
    root,
    <StrictMode>
      <HydrationScheduleProvider value={turns}>
        <HydratingLandingDocument cache={prerenderedStylesCache()} />
      </HydrationScheduleProvider>
    </StrictMode>,
  );
}
