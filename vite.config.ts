import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The SPA lives in web/ and builds to dist/ at the repo root, which the CDK stack uploads to S3.
 * No dev-server proxy: locally the front on http://localhost:3000 runs Vite in middleware mode on
 * the same origin as the API, so the SPA calls relative paths everywhere. `root` is absolute so the
 * config works whatever directory the local front is started from.
 */
/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14753): dev
 * warnings and checks in the bundle. Its production build ships alongside; a build uses it.
 */
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
        { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
      ]
    : [];

/**
 * `@/` is web/ and `@domain/` is domain/, so an import says which layer it reaches instead of
 * counting `../`. tsconfig.json's `paths` says the same for the compiler; vitest.config.ts reuses
 * this list.
 */
export const pathAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./web/', import.meta.url)) },
  { find: /^@domain\//, replacement: fileURLToPath(new URL('./domain/', import.meta.url)) },
];

/**
 * Writes the OpenAPI document (domain/api/openapi.ts) into every build as `openapi.json`, beside
 * index.html: the stack uploads the build to S3, so CloudFront serves /openapi.json as a static
 * file (its SPA fallback leaves paths with an extension alone, and no API behaviour matches it).
 * Made at build time from the contract, it is never a file someone edits by hand. The generator is
 * loaded through Vite's module runner when the bundle is written, not imported here, so the config
 * itself stays small (and clear of the native config loader's warnings about the domain's imports).
 */
function openApiFile(): Plugin {
  return {
    name: 'prepaidship-openapi-json',
    apply: 'build',
    async generateBundle() {
      type Generator = typeof import('./domain/api/openapi');
      const entry = fileURLToPath(new URL('./domain/api/openapi.ts', import.meta.url));
      const { module } = await runnerImport<Generator>(entry, { configFile: false, logLevel: 'silent' });
      this.emitFile({ type: 'asset', fileName: module.OPENAPI_PATH.slice(1), source: JSON.stringify(module.openApiDocument()) });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), openApiFile()],
  resolve: { alias: [...pathAliases, ...reactRouterProduction(command)] },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Chakra builds every component's anatomy and recipe at module load; marking those factories
      // pure lets unused ones drop out of the landing page's bundle (docs/performance.md).
      treeshake: {
        propertyReadSideEffects: false,
        manualPureFunctions: ['createAnatomy', 'defineSlotRecipe', 'defineRecipe', 'defineConfig'],
      },
    },
  },
}));
