/**
 * The landing page's entry. index.html holds the prerendered page (web/app/prerender.tsx), already
 * complete and styled, so nothing here hurries: the browser paints it first, and only then does
 * this module fetch React, Chakra and the page's code and hydrate (web/app/landing-document.tsx).
 * This module is the one script the HTML loads, and it is tiny: the first paint needs no JavaScript.
 */
const root = document.getElementById('root');
if (!root) throw new Error('the landing page has no #root element');

// After the next frame is painted: a requestAnimationFrame callback runs just before a paint, and a
// task it queues runs after it.
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Three imports, each evaluated in a task of its own so the page can answer a tap between them:
// React with Chakra's styling engine, then the landing page's Chakra system (createSystem, the biggest
// single piece; web/app/landing-theme.ts), then the page. As one import they are one long task on a
// phone's CPU, all of it blocking time (docs/performance.md). Not a paint between them: each frame
// re-styles the page. The hydration itself yields to the browser (hydrateLanding, a transition).
void afterNextPaint()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('@/app/landing-theme'))
  .then(nextTask)
  .then(() => import('@/app/landing-document'))
  .then(({ hydrateLanding }) => hydrateLanding(root));
