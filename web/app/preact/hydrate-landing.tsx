import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratingLandingDocument, prerenderedStylesCache } from '@/app/landing-document';
import { HydrationScheduleProvider, hydrationTurns } from '@/components/hydration-slice';
import { hydration } from './react';

/**
 * Takes over the prerendered landing page in `root`, in the landing page's own build, where `react`
 * is Preact (vite.config.ts, landingBuildConfig; web/app/preact/react.ts). The page is already on
 * screen, so nothing hurries: the frame hydrates first, then each slice in a task of its own
 * (web/components/hydration-slice.tsx), so a phone's taps and scrolls stay answered between them;
 * the parts with nothing to hydrate keep their prerendered DOM.
 */
export function hydrateLanding(root: HTMLElement): void {
  hydration.start();
  hydrateRoot(
    root,
    <StrictMode>
      <HydrationScheduleProvider value={hydrationTurns(hydration.end)}>
        <HydratingLandingDocument cache={prerenderedStylesCache()} />
      </HydrationScheduleProvider>
    </StrictMode>,
  );
}
