import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PRERENDERED_PAGES, SPA_SHELL } from './infra/spa-documents';

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

/**
 * One chunk for the engine every page runs on: React, emotion and Chakra's styling system with the
 * theme, and SWR. Left to the automatic chunking, those modules fall into many small chunks along the SPA's
 * lazy routes, and each chunk gzipped alone, plus the imports between them, add to what the landing
 * page downloads (docs/performance.md). Chakra's components stay with the pages that use them, and so
 * do its recipes: the landing page's system has only a few of the SPA's (web/app/landing-theme.ts),
 * and here `/` would download all of them. The theme's index and recipe lists import every recipe, so
 * they stay out too, or the chunk would take the recipes in as their dependencies.
 */
const frameworkChunk = {
  name: 'framework',
  test: /node_modules[\\/](?:react|react-dom|scheduler|react-is|hoist-non-react-statics|@emotion[\\/][^\\/]+|stylis|@pandacss[\\/]is-valid-prop|swr|use-sync-external-store|dequal|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](?:styled-system|theme(?![\\/](?:recipes[\\/]|index\.js|recipes\.js|slot-recipes\.js))|utils|preset-base\.js|preset\.js|create-context\.js|merge-props\.js|merge-refs\.js))(?:[\\/]|$)/,
};

/**
 * After the bundle is written, renders the public pages to HTML (web/app/prerender.tsx) into their
 * built documents (infra/spa-documents.ts): `/` from landing.html, the landing page's own entry, into
 * index.html; sign-in, sign-up and forgotten password from the SPA's index.html into login.html and
 * so on; the SPA's empty index.html becomes app.html, the shell every other path gets. The renderer
 * is loaded through Vite's module runner (server-side: Node's React, Chakra and emotion), like the
 * OpenAPI generator above. `npm start` (Vite's dev server) serves the plain SPA and prerenders nothing.
 */
type Renderer = typeof import('./web/app/prerender');

function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'prepaidship-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      // A server-side Vite for the render: the pages are lazy, so the module loader must stay open
      // while they load (runnerImport closes its loader once the entry is in).
      const vite = await createServer({
        configFile: false,
        logLevel: 'silent',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: pathAliases },
      });
      try {
        const module = (await vite.ssrLoadModule(fileURLToPath(new URL('./web/app/prerender.tsx', import.meta.url)))) as Renderer;
        await writePages(module);
      } finally {
        await vite.close();
      }
    },
  };
  async function writePages(module: Renderer) {
    const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
    const shell = read('index.html');
    const landing = read('landing.html');
    writeFileSync(join(outDir, SPA_SHELL), shell);
    rmSync(join(outDir, 'landing.html'));
    for (const { path, file } of PRERENDERED_PAGES) {
      const template = path === '/' ? landing : shell;
      // The landing page hydrates with a cache of its own that takes its styles as they are (web/app/landing-document.tsx).
      const { head, body } = module.hoistEmotionStyles(await module.renderPage(path), path === '/' ? 'static' : 'emotion');
      if (!template.includes('<div id="root"></div>')) throw new Error(`the ${path} template has no empty #root`);
      if (!template.includes('</head>')) throw new Error(`the ${path} template has no </head>`);
      writeFileSync(
        join(outDir, file),
        template.replace('</head>', () => `${head}</head>`).replace('<div id="root"></div>', () => `<div id="root">${body}</div>`),
      );
    }
  }
}

/**
 * When this build prerenders the pages, for the landing page's promo countdown to hydrate as it was
 * prerendered (web/features/landing/lib/promo.ts). Vite hands `VITE_` variables of the environment
 * to every build and server this process starts: the SPA's and the prerender's.
 */
process.env.VITE_PRERENDERED_AT ??= String(Date.now());

export default defineConfig(({ command }) => {
  return {
    root: fileURLToPath(new URL('./web', import.meta.url)),
    plugins: [react(), openApiFile(), prerenderPages()],
    resolve: { alias: [...pathAliases, ...reactRouterProduction(command)] },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      // The landing entry imports the hydrating app only once the page is painted (web/landing.tsx):
      // no preload links for it. Vite's helper appending a <link rel=modulepreload> per chunk costs a
      // phone's main thread, and preloading them from the HTML delays the paint on a slow network;
      // the browser fetches them by following the imports instead.
      modulePreload: {
        resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && /(^|\/)landing-[\w-]{8}\.js$/.test(hostId) ? [] : deps),
      },
      rolldownOptions: {
        // Two documents: the SPA (index.html, every page) and the landing page's own small entry.
        input: { app: fileURLToPath(new URL('./web/index.html', import.meta.url)), landing: fileURLToPath(new URL('./web/landing.html', import.meta.url)) },
        // Chakra builds every component's anatomy and recipe at module load; marking those factories
        // pure lets unused ones drop out of the landing page's bundle (docs/performance.md).
        treeshake: {
          propertyReadSideEffects: false,
          manualPureFunctions: ['createAnatomy', 'defineSlotRecipe', 'defineRecipe', 'defineConfig'],
        },
        output: { codeSplitting: { groups: [frameworkChunk] } },
      },
    },
  };
});
