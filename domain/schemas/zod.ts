/**
 * The zod every body and query schema is built with: zod/mini, zod 4's functional API
 * (`z.optional(s)`, `s.check(z.maxLength(9))`), the same parser as the classic one without its
 * methods. The classic API puts every method of every schema type on each schema it builds, so a
 * Lambda that validates one body would bundle several times more zod and build those methods at
 * every cold start (docs/decisions/0183-zod-mini-schemas-built-on-demand.md; figures in docs/performance.md).
 * The form resolver, the OpenAPI document (`z.toJSONSchema`) and the answer schemas (domain/api/, classic)
 * read these schemas as they are.
 *
 * zod/mini ships without its messages; the English ones are set here, once, so a check without a
 * message of ours still answers what it did ("Too big: expected string to have <=100 characters").
 * domain/package.json lists this file as having side effects, so no bundler drops that line.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

// Re-exported name by name (not as one namespace object), so bundlers keep only what is used.
export * from 'zod/mini';

/**
 * Builds one module-level schema, called as `/* @__PURE__ *\/ schema(() => z.object(...))`: the
 * annotation lets esbuild (the Lambdas) and Rolldown (the SPA) drop a schema nothing imports, which
 * they cannot see for a bare `z.object(...).check(...)` (zod's calls are not marked free of side
 * effects, and a bundler keeps a call it cannot prove free). Without it a Lambda builds every schema
 * of each schema module it imports at every cold start, not only the ones it uses
 * (docs/decisions/0183-zod-mini-schemas-built-on-demand.md).
 */
export const schema = <T>(build: () => T): T => build();
