/**
 * The security headers of every response the product serves, SPA and API alike, in one place: the
 * local front (infra/local/server.ts) sets them on each answer, and the CloudFront response headers
 * policy (infra/stack.ts) can be built from the same values (HSTS_MAX_AGE_SECONDS, REFERRER_POLICY,
 * FRAME_OPTIONS, contentSecurityPolicy()). No imports: the CDK app and the front both load this.
 *
 * The Content-Security-Policy fits what the SPA does and nothing more:
 * - scripts only from our origin (Vite emits module files, no inline script in the built index.html);
 * - styles from our origin plus inline ones: Chakra UI's emotion writes <style> elements at run time;
 * - images from our origin and data: URLs (the generated avatar is a data: SVG);
 * - the altcha captcha solves its proof of work in Web Workers made from blob: URLs;
 * - API calls go to our own origin only (in AWS also the label bucket, where the API redirects a
 *   batch file too large for its answer); nothing may frame us, and no plugin, base or foreign form.
 * With CAPTCHA_PROVIDER=recaptcha, Google's script and frame hosts are added (Google's documented list).
 * Vite's dev server (`npm start`) also needs an inline script (React Fast Refresh's preamble) and a
 * WebSocket for hot reload; the built SPA (`npm run serve`, AWS) never gets those.
 */

export interface CspOptions {
  /** Vite's dev server with hot reload (`npm start`). */
  dev?: boolean;
  /** Google reCAPTCHA is the captcha (CAPTCHA_PROVIDER=recaptcha). */
  recaptcha?: boolean;
  /** The label bucket's origin (AWS): a batch file too large for a Lambda's answer is fetched from there by a presigned link. */
  labelLinks?: string;
}

/** HSTS lifetime: two years, the preload list's expectation, on the whole domain. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
/** Full URLs (a reset link's token) never leave the origin; other sites see only the origin. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Nobody may frame the app (clickjacking); CSP frame-ancestors says the same to newer browsers. */
export const FRAME_OPTIONS = 'DENY';
export const CONTENT_TYPE_OPTIONS = 'nosniff';

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** The policy as directive -> sources. */
export function cspDirectives(options: CspOptions = {}): Record<string, string[]> {
  const { dev = false, recaptcha = false, labelLinks } = options;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(dev ? ["'unsafe-inline'"] : []), ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(labelLinks ? [labelLinks] : []), ...(dev ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The Content-Security-Policy header value. */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  return Object.entries(cspDirectives(options))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Every security header, by lower-case name, for one kind of front. */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
    'x-content-type-options': CONTENT_TYPE_OPTIONS,
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
  };
}
