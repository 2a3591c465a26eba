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
import { SECRET_NAMES, type SecretName } from '../functions/secrets-loader';
import { type Beside, isShippedBeside } from './lambda-bundling';

/**
 * Our modules that stand for a service: present in a bundle means "this handler uses it". They are
 * the registry's getters (functions/providers/registry/), whose code survives tree-shaking only
 * where a handler calls them. Not the interface files (types only, nothing in a bundle), nor the AWS
 * implementations: their SDK import line stays in every bundle that reaches the module at all.
 */
const SERVICE_MODULES = {
  mail: 'functions/providers/registry/mail.ts',
  labelStore: 'functions/providers/registry/blobs.ts',
  /** The batch queue's getter: sends a batch to its worker. */
  batchQueue: 'functions/batches/queue.ts',
  /** The webhook queue's getter: hands a delivery to the webhook worker. */
  webhookQueue: 'functions/webhooks/queue.ts',
} as const;

/**
 * Our modules that read a project file at run time, and the file: a function whose bundle contains
 * the module gets the file beside its bundle (infra/lambda-bundling.ts, besideBundleCommands).
 */
const FILES_READ_BY_MODULE: Record<string, string[]> = {
  // The offline ZIP table, read on the first local address check.
  'functions/providers/address/zip-address-verifier.ts': ['domain/zip-table.json'],
  // resvg's WebAssembly and the label font, read on the first PNG label (RASTER_WASM_FILE, RASTER_FONT_FILE).
  'functions/providers/carrier/label-raster.ts': ['node_modules/@resvg/resvg-wasm/index_bg.wasm', 'node_modules/bwip-js/fonts/OCRB7.ttf'],
};

export type Service = keyof typeof SERVICE_MODULES;
/**
 * The services a module's code reaches, what its Lambda needs beside its bundle, and the secrets
 * its code reads (the only ones the Lambda loads and may read in SSM).
 */
export type HandlerUsage = Record<Service, boolean> & { beside: Beside; secrets: SecretName[] };

/**
 * The configuration module names every setting, secrets included, so it would be in every bundle;
 * this pass leaves it out (external). A secret then appears in a bundle only where code that
 * survived tree-shaking reads it (`config().STRIPE_SECRET_KEY`): esbuild keeps property names and
 * drops comments, so a secret's name in the output is a read of it (or a message naming it, which
 * errs on the side of granting).
 */
const CONFIG_MODULE = 'functions/config.ts';

/** The secrets whose names the bundle's code holds, in SECRET_NAMES's order. */
const secretsIn = (code: string): SecretName[] => SECRET_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(code));

/**
 * The services used by each module (`handlers/auth/login`, `jobs/handler`, ...) under
 * `<projectRoot>/functions`, keyed by that name. One esbuild pass for all of them: about a quarter
 * of a second.
 */
export function moduleUsage(projectRoot: string, modules: readonly string[]): Map<string, HandlerUsage> {
  const entryOf = (module: string) => path.join(projectRoot, 'functions', `${module}.ts`);
  const result = buildSync({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(modules.map((m) => [m, entryOf(m)])),
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
    external: [path.join(projectRoot, CONFIG_MODULE)],
  });
  const codeOf = new Map(result.outputFiles.map((file) => [path.resolve(file.path), file.text]));

  const usage = new Map<string, HandlerUsage>();
  for (const [outputPath, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const module = modules.find((m) => path.resolve(projectRoot, output.entryPoint!) === entryOf(m));
    if (!module) continue;
    // A module counts only when some of its code survived tree-shaking into the bundle.
    const contains = (file: string) => (output.inputs[file]?.bytesInOutput ?? 0) > 0;
    // The packages shipped beside the bundle that the code imports (statically or on first use):
    // esbuild lists an external import only when the code making it survived tree-shaking.
    const imports = [...new Set(output.imports.filter((i) => i.external && isShippedBeside(i.path)).map((i) => i.path))].sort();
    const files = Object.entries(FILES_READ_BY_MODULE).flatMap(([reader, read]) => (contains(reader) ? read : []));
    usage.set(module, {
      mail: contains(SERVICE_MODULES.mail),
      labelStore: contains(SERVICE_MODULES.labelStore),
      batchQueue: contains(SERVICE_MODULES.batchQueue),
      webhookQueue: contains(SERVICE_MODULES.webhookQueue),
      beside: { imports, files },
      secrets: secretsIn(codeOf.get(path.resolve(projectRoot, outputPath)) ?? invalidOutput(outputPath)),
    });
  }
  for (const module of modules) {
    if (!usage.has(module)) throw new Error(`esbuild did not bundle functions/${module}.ts`);
  }
  return usage;
}

const invalidOutput = (outputPath: string): never => {
  throw new Error(`esbuild listed ${outputPath} but wrote no such output`);
};

/** The services used by each route handler module (`auth/login`, ...) under functions/handlers, keyed by that name. */
export function handlerUsage(projectRoot: string, handlers: readonly string[]): Map<string, HandlerUsage> {
  const usage = moduleUsage(
    projectRoot,
    handlers.map((h) => `handlers/${h}`),
  );
  return new Map(handlers.map((h) => [h, usage.get(`handlers/${h}`)!]));
}
