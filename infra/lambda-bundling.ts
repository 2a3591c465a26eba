/**
 * How every product Lambda is bundled: the esbuild options NodejsFunction gets
 * (constructs/product-function.ts) and the ones the Lambda bench builds with (bench/lambdas.ts),
 * from this one object, so the bench measures what is deployed and the two cannot drift (issue 19).
 * No CDK import at run time: the bench loads this without aws-cdk-lib.
 *
 * Why each option (figures in docs/performance.md, "Lambdas"; reasons in docs/decisions.md,
 * "Lambda cold start"): a bundle's cold module init is mostly V8 compiling its bytes, so fewer bytes
 * is a faster cold start, even for code that never runs.
 */
import type { BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * Parts of the AWS SDK's default credential chain a Lambda never reaches, left out of the bundle.
 * Lambda puts the function role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN and sets no AWS_PROFILE, so the chain's first link (fromEnv) answers; the
 * links after it (SSO, profile files, credential_process, web identity tokens, console login) and
 * the STS/SSO clients they use are reached only through `await import(...)` when it fails. Bundled,
 * those 90 kB are compiled at every cold start for nothing. The container and instance metadata
 * links (credential-provider-http, credential-provider-imds) stay bundled: a runtime may hand
 * credentials that way. Tests and the local front run the code unbundled with the whole chain.
 */
export const NEVER_REACHED_IN_LAMBDA = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/token-providers',
  '@aws-sdk/nested-clients',
  '@aws-sdk/nested-clients/*',
];

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
  // Bundle the AWS SDK too (only the links above stay out): Lambda then runs the exact SDK version
  // the tests ran against.
  externalModules: NEVER_REACHED_IN_LAMBDA,
  // CommonJS dependencies inside an ESM bundle still call require(); give them one.
  banner: "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
  // License comments are kept in node_modules and the lock file; in a bundle nobody reads they are bytes to compile.
  esbuildArgs: { '--legal-comments': 'none' },
  forceDockerBundling: false,
} satisfies BundlingOptions;

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
  };
}
