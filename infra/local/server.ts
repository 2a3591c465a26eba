/**
 * The local front: one origin at http://localhost:PORT serving the API (route-table paths, through
 * the real Lambda handlers) and the SPA (Vite with hot reload, or the built files), the same split
 * CloudFront makes in AWS. Unknown paths under an API prefix get a JSON 404, never the SPA.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { config } from '../../functions/config';
import { apiPrefixes } from '../../domain/api/routes';
import { OPENAPI_PATH, openApiDocument } from '../../domain/api/openapi';
import { invokeRoute, matchRoute, sendJson } from './lambda-front';
import { localRoutes } from './local-routes';
import { refusal } from './request-guard';
import { securityHeaders } from './security-headers';
import { documentFor, SPA_SHELL } from '../spa-documents';

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

/** Above this size a file is compressed at a lower brotli quality (staticSpa says why). */
const LARGE_BYTES = 512 * 1024;

/** Text files worth compressing, as CloudFront compresses them in AWS. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);

/**
 * Serves the built SPA from dist/: hashed assets cached for a year, files by name, and for a page's
 * path the document CloudFront answers with (infra/spa-documents.ts: a prerendered page or the SPA shell).
 * Text is sent brotli- or gzip-compressed when the browser accepts it, like CloudFront does, so what
 * a browser (and Lighthouse) loads here weighs what it weighs in production. A build's files never
 * change while the front runs, so each is compressed once.
 */
function staticSpa(distDir: string) {
  const shell = join(distDir, SPA_SHELL);
  if (!existsSync(shell)) throw new Error(`${shell} is missing: run \`npm run build\` first`);
  const compressed = new Map<string, Promise<Buffer>>();
  // Off the event loop (zlib's thread pool), so compressing a large file never holds up the API
  // requests this front also answers; and once per file, however many requests ask at the same time.
  const compress = (file: string, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const key = `${encoding}:${file}`;
    let body = compressed.get(key);
    if (!body) {
      const raw = readFileSync(file);
      // Brotli's top quality costs seconds on the largest bundles (the API reference) for a tenth
      // of their size; those get quality 9, everything a page needs first gets 11.
      const quality = raw.length > LARGE_BYTES ? 9 : 11;
      body =
        encoding === 'br'
          ? promisify(brotliCompress)(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : promisify(gzip)(raw, { level: 9 });
      compressed.set(key, body);
    }
    return body;
  };
  return (req: IncomingMessage, res: ServerResponse, url: URL) => {
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape names no file: the shell answers, as for any other unknown path
    }
    const document = documentFor(path);
    const rel = document ? `/${document}` : normalize(path).replace(/^(\.\.[/\\])+/, '');
    let file = join(distDir, rel);
    const isFile = file.startsWith(distDir) && existsSync(file) && statSync(file).isFile();
    if (!isFile) file = shell;
    const hashed = isFile && rel.startsWith('/assets/');
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(extname(file)) ? undefined : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') return res.end();
    if (encoding) {
      compress(file, encoding).then(
        (body) => res.end(body),
        (err: unknown) => res.destroy(err as Error),
      );
      return;
    }
    createReadStream(file).pipe(res);
  };
}

/** Starts the front on `port` (0 picks a free one). The environment must already point at the table. */
export async function startFront(options: { port: number; spa: SpaMode; host?: string }): Promise<Front> {
  const server = createServer();
  let serveSpa: (req: IncomingMessage, res: ServerResponse, url: URL) => void = (_q, res) => sendJson(res, 404, { message: 'Not found' });
  let closeVite = async () => {};

  // DIST_DIR lets side-by-side browser runs each serve their own build (`vite build --outDir`).
  if (options.spa === 'static') serveSpa = staticSpa(resolve(process.env.DIST_DIR ?? join(ROOT, 'dist')));
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
    const refused = refusal(req, new URL(req.url ?? '/', 'http://localhost').pathname);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(refused.message);
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, url.pathname);
    const isApiPath = apiPrefixes.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    const handle = async () => {
      if (match.kind === 'route') return invokeRoute(req, res, url, match.route, match.params);
      if (url.pathname.startsWith('/_local/')) return localRoutes(req, res, url);
      // A build carries the document as dist/openapi.json (what CloudFront serves from S3), which the
      // static SPA below answers; without a build the front makes it from the contract itself.
      if (url.pathname === OPENAPI_PATH && options.spa !== 'static') return sendJson(res, 200, openApiDocument(), { 'cache-control': 'no-cache' });
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
