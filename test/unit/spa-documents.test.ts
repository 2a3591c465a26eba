import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { documentFor, documentRewriteFunctionCode, PRERENDERED_PAGES, SPA_SHELL } from '../../infra/spa-documents';

describe('which document answers a path (CloudFront and the local front)', () => {
  it('gives the public pages their prerendered document, every other page the SPA shell, and leaves files alone', () => {
    expect(documentFor('/')).toBe('index.html');
    expect(documentFor('/login')).toBe('login.html');
    expect(documentFor('/signup')).toBe('signup.html');
    expect(documentFor('/forgot-password')).toBe('forgot-password.html');
    expect(documentFor('/user-dashboard/transactions')).toBe(SPA_SHELL);
    expect(documentFor('/login/')).toBe(SPA_SHELL);
    expect(documentFor('/assets/index-CA31UWGN.js')).toBeNull();
    expect(documentFor('/openapi.json')).toBeNull();
  });

  it('runs the same mapping as a CloudFront function', () => {
    // Evaluating the function's JavaScript is the point: it is what CloudFront will run.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is our own CloudFront Function, not input
    const handler = new Function(`${documentRewriteFunctionCode()}; return handler;`)() as (e: unknown) => { uri: string };
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/user-dashboard', '/reset-password', '/favicon.svg']) {
      expect(handler({ request: { uri: path } }).uri).toBe(`/${documentFor(path) ?? path.slice(1)}`);
    }
  });

  it('prerenders only pages the SPA has a route for (not its catch-all)', () => {
    for (const { path } of PRERENDERED_PAGES) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf, path).toBeDefined();
      expect(leaf?.path, path).not.toBe('*');
    }
  });
});
