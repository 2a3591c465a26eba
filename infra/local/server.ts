/**
 * The local front: one origin at http://localhost:PORT serving the API (route-table paths, through
 * the real Lambda handlers) and the SPA (Vite with hot reload, or the built files), the same split
 * CloudFront makes in AWS. Unknown paths under an API prefix get a JSON 404, never the SPA.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { config } from '../../functions/config';
import { apiPrefixes } from '../../functions/routes';
import { invokeRoute, matchRoute, sendJson } from './lambda-front';
import { localRoutes } from './local-routes';
import { securityHeaders } from './security-headers';

const ROOT = resolve(import.meta.dirname, '../..');

export type SpaMode = 'dev' | 'static' | 'none';

export interface Front {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves the built SPA from dist/: hashed assets cached for a year, everything else index.html. */
function staticSpa(distDir: string) {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npm run build\` first`);
  return (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(distDir, rel);
    const isFile = file.startsWith(distDir) && existsSync(file) && statSync(file).isFile();
    if (!isFile) file = index;
    const hashed = isFile && rel.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
}

/** Starts the front on `port` (0 picks a free one). The environment must already point at the table. */
export async function startFront(options: { port: number; spa: SpaMode; host?: string }): Promise<Front> {
  const server = createServer();
  let serveSpa: (req: IncomingMessage, res: ServerResponse, url: URL) => void = (_q, res) =>
    sendJson(res, 404, { message: 'Not found' });
  let closeVite = async () => {};

  if (options.spa === 'static') serveSpa = staticSpa(join(ROOT, 'dist'));
  if (options.spa === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: join(ROOT, 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server } },
    });
    serveSpa = (req, res) => vite.middlewares(req, res, () => sendJson(res, 404, { message: 'Not found' }));
    closeVite = () => vite.close();
  }

  // Set before anything answers, so every response carries them: API, SPA, /_local pages, errors.
  const headers = securityHeaders({ dev: options.spa === 'dev', recaptcha: config().CAPTCHA_PROVIDER === 'recaptcha' });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, url.pathname);
    const isApiPath = apiPrefixes.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    const handle = async () => {
      if (match.kind === 'route') return invokeRoute(req, res, url, match.route, match.params);
      if (url.pathname.startsWith('/_local/')) return localRoutes(req, res, url);
      if (match.kind === 'method-not-allowed') {
        return sendJson(res, 405, { message: 'Method not allowed' }, { allow: match.allow.join(', ') });
      }
      if (isApiPath) return sendJson(res, 404, { message: 'Not found' });
      serveSpa(req, res, url);
    };
    handle().catch((err: unknown) => {
      // The handlers answer their own errors; this is the front itself failing.
      console.error('local front error', err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong. Please try again.' });
      else res.destroy();
    });
  });

  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(options.port, options.host ?? '127.0.0.1', () => res());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : options.port;
  return {
    url: `http://localhost:${port}`,
    server,
    close: async () => {
      await closeVite();
      server.closeAllConnections();
      await new Promise<void>((res) => server.close(() => res()));
    },
  };
}
