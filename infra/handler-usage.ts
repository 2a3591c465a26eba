/**
 * Which AWS services each route's code actually reaches, read from the code rather than from a second
 * hand-kept list: esbuild bundles every handler entry once (in memory, tree-shaken, dependencies
 * left out) and reports which of our modules end up in each bundle. A handler whose bundle contains
 * the mailer sends mail (SES); one whose bundle contains the label store reads or writes label PDFs
 * (the label bucket). A new handler that starts sending mail gets SES at the next synth, and one
 * that stops loses it, with nothing to remember. The route table's `table` field still decides the
 * level (read or write) of every grant.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';

/**
 * Our modules that stand for a service: present in a bundle means "this handler uses it". They are
 * the registry's getters (functions/providers/registry/), whose code survives tree-shaking only
 * where a handler calls them. Not the interface files (types only, nothing in a bundle), nor the AWS
 * implementations: their SDK import line stays in every bundle that reaches the module at all.
 */
const SERVICE_MODULES = {
  mail: 'functions/providers/registry/mail.ts',
  labelStore: 'functions/providers/registry/blobs.ts',
} as const;

export type Service = keyof typeof SERVICE_MODULES;
export type HandlerUsage = Record<Service, boolean>;

/**
 * The services used by each handler module (`auth/login`, ...) under `<projectRoot>/functions/handlers`.
 * One esbuild pass for all of them: about a quarter of a second.
 */
export function handlerUsage(projectRoot: string, handlers: readonly string[]): Map<string, HandlerUsage> {
  const entryOf = (handler: string) => path.join(projectRoot, 'functions', 'handlers', `${handler}.ts`);
  const result = buildSync({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(handlers.map((h) => [h, entryOf(h)])),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Only our own modules matter here; npm packages stay out, which keeps the pass fast.
    packages: 'external',
    outdir: path.join(projectRoot, 'cdk.out', 'handler-usage'),
    logLevel: 'silent',
  });

  const usage = new Map<string, HandlerUsage>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const handler = handlers.find((h) => path.resolve(projectRoot, output.entryPoint!) === entryOf(h));
    if (!handler) continue;
    // A module counts only when some of its code survived tree-shaking into the bundle.
    const contains = (module: string) => (output.inputs[module]?.bytesInOutput ?? 0) > 0;
    usage.set(handler, { mail: contains(SERVICE_MODULES.mail), labelStore: contains(SERVICE_MODULES.labelStore) });
  }
  for (const handler of handlers) {
    if (!usage.has(handler)) throw new Error(`esbuild did not bundle functions/handlers/${handler}.ts`);
  }
  return usage;
}
