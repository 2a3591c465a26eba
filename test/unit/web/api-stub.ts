import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vi } from 'vitest';

export interface StubRequest {
  url: URL;
  /** The parsed JSON body, if any. */
  body: unknown;
  headers: Record<string, string>;
}

/** Answers one route; a function so each call gets a fresh (unread) Response. */
export type StubAnswer = (request: StubRequest) => Response | Promise<Response>;

/** A JSON answer. */
export const json =
  (body: unknown, status = 200): StubAnswer =>
  () =>
    Response.json(body, { status });

/** Answers every page may ask for without the test caring (the public labels counter). */
const BACKGROUND: Record<string, StubAnswer> = {
  'GET /api/counter': () => Response.json({ count: 0 }),
};

/**
 * A file of the app that it fetches itself (the ZIP table, `import url from './x.json?url'`):
 * under Vitest its URL is its path from the repository root, so it is served from there.
 */
function appFile(url: URL): Response | undefined {
  if (!/^\/(web|domain)\//.test(url.pathname)) return undefined;
  const file = resolve(import.meta.dirname, '../../..', `.${url.pathname}`);
  return existsSync(file) ? new Response(readFileSync(file), { headers: { 'Content-Type': 'application/json' } }) : undefined;
}

/**
 * Replaces `fetch` with a map from route keys (`'POST /auth/login'`) to answers. Unlisted routes
 * answer 501, so a route a test forgot fails loudly. `calls(key)` lists what each route got.
 */
export function stubApi(answers: Record<string, StubAnswer>) {
  const received: (StubRequest & { key: string })[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const request = {
      key,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    received.push(request);
    const answer = answers[key] ?? BACKGROUND[key];
    if (answer) return answer(request);
    return appFile(url) ?? Response.json({ message: 'Not implemented' }, { status: 501 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The requests `key` received, oldest first. */
    calls: (key: string) => received.filter((r) => r.key === key),
    set: (key: string, answer: StubAnswer) => {
      answers[key] = answer;
    },
  };
}

/** With the `none` provider the captcha field reports its token at once: no widget to drive. */
export const noCaptcha = { 'GET /auth/captcha-challenge': json({ provider: 'none' }) };
