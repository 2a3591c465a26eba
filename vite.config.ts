import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { zipTablePlugin } from './infra/build/zip-table-plugin';

/**
 * The SPA lives in web/ and builds to dist/ at the repo root, which the CDK stack uploads to S3.
 * No dev-server proxy: locally the front on http://localhost:3000 runs Vite in middleware mode on
 * the same origin as the API, so the SPA calls relative paths everywhere. `root` is absolute so the
 * config works whatever directory the local front is started from.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), zipTablePlugin()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
  },
});
