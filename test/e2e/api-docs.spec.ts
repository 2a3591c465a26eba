/** The published API contract in the browser: /openapi.json as the build wrote it. */
import { expect, test } from '@playwright/test';
import { routeKey, routes } from '../../domain/api/routes';

test('GET /openapi.json is the JSON OpenAPI 3.1 document of every route', async ({ request }) => {
  const res = await request.get('/openapi.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  const listed = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
  expect(listed.sort()).toEqual(routes.map(routeKey).sort());
});
