/**
 * How every product Lambda is bundled: the esbuild options NodejsFunction gets
 * (constructs/product-function.ts) and the ones the Lambda bench builds with (bench/lambdas.ts),
 * from this one object, so the bench measures what is deployed and the two cannot drift.
 * No CDK import at run time: the bench loads this without aws-cdk-lib.
 *
 * Why each option (figures in docs/performance.md; reasons in docs/decisions/0182-how-lambdas-are-bundled.md):
 * a bundle's cold module init is mostly V8 compiling its bytes, so fewer bytes
 * is a faster cold start, even for code that never runs.
 */
import type { BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * Packages a Lambda loads only on first use (`await import()`: the Stripe SDK on a card payment,
 * pdf-lib and bwip-js on a drawn label, receipt or batch merge, resvg on a PNG label, EasyPost's client on a call to
 * EasyPost, functions/providers/easypost-client.ts) and that therefore stay out of its
 * bundle: esbuild inlines a dynamic import into the one file NodejsFunction makes, and V8 then
 * compiles those bytes (each a large share of the bundle it would join) at every cold start for requests
 * that mostly never call them. They are external here, and each function whose code imports them
 * gets them beside its bundle (besideBundleCommands), where Node finds them when the import runs.
 * A static import of one of them would be hoisted to the bundle's top and load it at cold start:
 * the code imports them inside the functions that use them (e.g. providers/carrier/sandbox-label.ts).
 */
export const SHIPPED_BESIDE = ['stripe', 'pdf-lib', 'bwip-js', '@easypost/api', '@resvg/resvg-wasm'] as const;

/** The package a specifier names: `bwip-js/node` -> `bwip-js`, `@scope/x/y` -> `@scope/x`. */
export const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether `specifier` (as the code imports it) is one of SHIPPED_BESIDE or a subpath of one. */
export const isShippedBeside = (specifier: string): boolean => (SHIPPED_BESIDE as readonly string[]).includes(packageOf(specifier));

/** NodejsFunction's `bundling` for every product Lambda. */
export const LAMBDA_BUNDLING = {
  // OutputFormat.ESM, written as its value so this module needs no CDK at run time.
  format: 'esm' as OutputFormat,
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Line mapping is all stack traces need; leaving the sources out keeps the zip small.
  sourcesContent: false,
  // Bundle the AWS SDK too, its credential chain included (the runtime's own copy is not on an ES
  // module's resolution path): Lambda then runs the exact SDK version the tests ran against.
  externalModules: [...SHIPPED_BESIDE],
  // CommonJS dependencies inside an ESM bundle still call require(); give them one.
  banner: "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
  // License comments are kept in node_modules and the lock file; in a bundle nobody reads they are bytes to compile.
  esbuildArgs: { '--legal-comments': 'none' },
  // Stack traces through the bundle's source map, read on the first trace rather than at every cold
  // start as Node's --enable-source-maps would (the module says why). esbuild runs injected files
  // ahead of the entry; the path is the project root's, where the stack and the bench run esbuild.
  inject: ['functions/observability/stack-traces.ts'],
  forceDockerBundling: false,
} satisfies BundlingOptions;

/** What one function gets beside its bundle: the SHIPPED_BESIDE imports its code makes, and data files. */
export interface Beside {
  /** Import specifiers as the code writes them (`stripe`, `bwip-js/node`). */
  imports: string[];
  /** Project files copied next to index.mjs under their own name (domain/zip-table.json). */
  files: string[];
}

const shellQuote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * Shell commands (NodejsFunction's `commandHooks.afterBundling`) that put `beside` next to a
 * bundle in `outputDir`: each import as one minified ESM file built with the same esbuild and
 * options as the bundle, from the versions the tests ran against in `inputDir`'s node_modules, at
 * `node_modules/<package>/<subpath or index>.mjs` with a package.json whose `exports` maps the
 * specifier to it; each file copied. Why not NodejsFunction's `nodeModules`: it runs `npm ci` in
 * every such function's asset (a registry round trip per function at every synth, which CI and
 * offline machines cannot count on) and ships the packages whole (megabytes of sources, types and
 * docs each) where the code needs one file of each.
 */
export function besideBundleCommands(inputDir: string, outputDir: string, beside: Beside, bundling = LAMBDA_BUNDLING): string[] {
  const esbuild = `${inputDir}/node_modules/.bin/esbuild`;
  const options = [
    '--bundle',
    '--platform=node',
    `--format=${bundling.format}`,
    `--target=${bundling.target}`,
    `--main-fields=${bundling.mainFields.join(',')}`,
    ...(bundling.minify ? ['--minify'] : []),
    `--legal-comments=${bundling.esbuildArgs['--legal-comments']}`,
    `--banner:js=${bundling.banner}`,
    '--log-level=warning',
  ];
  const byPackage = new Map<string, string[]>();
  for (const specifier of beside.imports) byPackage.set(packageOf(specifier), [...(byPackage.get(packageOf(specifier)) ?? []), specifier]);
  const commands: string[] = [];
  for (const [pkg, specifiers] of byPackage) {
    const dir = `${outputDir}/node_modules/${pkg}`;
    const exports: Record<string, string> = {};
    for (const specifier of specifiers) {
      const subpath = specifier.slice(pkg.length);
      const file = `${subpath ? subpath.slice(1).replace(/\//g, '-') : 'index'}.mjs`;
      exports[`.${subpath}`] = `./${file}`;
      // cwd is inputDir (the project), so esbuild resolves the bare specifier from its node_modules.
      commands.push([esbuild, specifier, `--outfile=${dir}/${file}`, ...options].map(shellQuote).join(' '));
    }
    commands.push(`printf '%s' ${shellQuote(JSON.stringify({ name: pkg, type: 'module', exports }))} > ${shellQuote(`${dir}/package.json`)}`);
  }
  for (const file of beside.files) commands.push(`cp ${shellQuote(`${inputDir}/${file}`)} ${shellQuote(`${outputDir}/${file.split('/').pop()}`)}`);
  return commands;
}

/**
 * The same options for esbuild's API (the bench): what NodejsFunction turns LAMBDA_BUNDLING into
 * on its command line (aws-cdk-lib/aws-lambda-nodejs bundling.js, buildEsbuildArgs). `target` may be
 * lowered to the node that runs the bench (node22 syntax is nothing node20 cannot run today, but
 * the bench must load what it builds).
 */
export function esbuildOptionsOf(bundling: typeof LAMBDA_BUNDLING, target = bundling.target): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: bundling.format,
    target,
    mainFields: bundling.mainFields,
    minify: bundling.minify,
    // NodejsFunction's bare --sourcemap with an outfile: a .map file and its sourceMappingURL line.
    sourcemap: bundling.sourceMap ? 'linked' : false,
    sourcesContent: bundling.sourcesContent,
    external: bundling.externalModules,
    banner: { js: bundling.banner },
    legalComments: bundling.esbuildArgs['--legal-comments'] as BuildOptions['legalComments'],
    inject: bundling.inject,
  };
}
