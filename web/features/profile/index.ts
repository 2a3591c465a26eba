/**
 * What other features and the app may import from the profile feature; the rest of this folder is
 * private to it. Its page is not here: the router lazy-loads it from pages/ (app/router.tsx).
 */
export { useIsOwner, useMayChange, useProfile, useProfileIsStale } from './api/get-profile';
export { OwnersOnly } from './components/owners-only';
export { ShippersOnly } from './components/shippers-only';
export { useProfilePicture } from './api/get-profile-picture';
