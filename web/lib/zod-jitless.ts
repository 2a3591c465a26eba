/**
 * zod 4 compiles a fast object parser with `new Function`, and first probes whether eval is allowed.
 * Our Content-Security-Policy (infra/local/security-headers.ts, the same in CloudFront) allows no
 * 'unsafe-eval', so the probe is blocked (parsing still works) but fires a CSP violation on every page
 * that validates a form. Jitless skips the probe and the compiled path; the forms' schemas are small.
 * Imported, before any schema parses, by ./zod-form.ts (every form's resolver), by the one module that
 * parses without a form (use-save-address.ts) and by the API reference page (Scalar parses with zod
 * too). No longer by the SPA's entry: zod then loads with the first page that needs it. `zod/v4/core`
 * owns the config zod reads, and keeps this module tiny.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
