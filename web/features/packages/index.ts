/**
 * What other features and the app may import from the packages feature; the rest of this folder is
 * private to it. Its page is not here: the router lazy-loads it from pages/ (app/router.tsx).
 */
export { usePackages } from './api/list-packages';
export { packageFigures } from './lib/package-figures';
