/**
 * What other features and the app may import from the profile feature; the rest of this folder is
 * private to it. Its page is not here: the router lazy-loads it from pages/ (app/router.tsx).
 */
export { useProfile, useProfileIsStale } from './api/get-profile';
export { useProfilePicture } from './api/get-profile-picture';
