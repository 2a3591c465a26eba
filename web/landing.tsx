/**
 * The landing page's entry. index.html holds the prerendered page (web/app/prerender.tsx), already
 * complete and styled, so nothing here hurries: the browser paints it first, and only then does
 * this module fetch Preact (the landing page's React, vite.config.ts), Chakra and the page's code and
 * hydrate (web/app/preact/hydrate-landing.tsx). This module is the one script the HTML loads; it is
 * about 1 kB.
 */
const root = document.getElementById('root');
if (!root) throw new Error('the landing page has no #root element');

// After the next frame is painted: a requestAnimationFrame callback runs just before a paint, and a
// task it queues runs after it.
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Three imports and the hydration, each in a task of its own so the page can answer a tap between
// them: Preact with Chakra's styling engine, then the landing page's Chakra system (createSystem, the
// biggest single piece; web/app/landing-theme.ts), then the page's modules, then the hydration (which
// goes on in slices). As one import they were one task of about 400 ms on a phone's CPU, all of it
// blocking time (docs/performance.md). Not a paint between the imports: each frame re-styles the page.
void afterNextPaint()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('@/app/landing-theme'))
  .then(nextTask)
  .then(() => import('@/app/preact/hydrate-landing'))
  .then(async ({ hydrateLanding }) => {
    await nextTask();
    hydrateLanding(root);
  });
