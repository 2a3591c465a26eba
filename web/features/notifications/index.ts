/**
 * The notifications feature: only the public unsubscribe page, which the router
 * lazy-loads from pages/ (app/router.tsx); nothing here is imported by other features. The
 * shipper's settings live on the Profile page (features/profile).
 */
export {};
