// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { LabelsCounter } from '@domain/api/landing';
import type { CreatedLabel } from '@domain/api/orders';
import type { BodyIn } from '@domain/api/routes';
import { ApiError, apiBlob, apiRequest, resolveRoute } from '@/api-client/client';
import { loadPage } from '@/lib/full-page-navigation';
import { endSession, getSession, markSessionVerified, startSession } from '@/lib/session';

vi.mock('@/lib/full-page-navigation', () => ({ loadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
});

describe('apiRequest', () => {
  it('sends JSON with credentials and the stored bearer token', async () => {
    startSession('login-token', { name: 'Ann', email: 'ann@example.com' });
    markSessionVerified('full-token');
    fetchMock.mockResolvedValue(Response.json({ name: 'Ann' }));

    const profile = await apiRequest('PUT /auth/profile', { body: { name: 'Ann' } });

    expect(profile).toEqual({ name: 'Ann' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/auth/profile');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"Ann"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer full-token');
  });

  it('adds extra headers (an Idempotency-Key) without letting them replace the JSON type or the token', async () => {
    startSession('login-token', { name: 'Ann', email: 'ann@example.com' });
    markSessionVerified('full-token');
    fetchMock.mockResolvedValue(Response.json({}, { status: 201 }));

    await apiRequest('POST /shipping/create-label', {
      body: {} as never,
      headers: { 'Idempotency-Key': 'k-1', 'Content-Type': 'text/plain', Authorization: 'Bearer forged' },
    });

    expect(lastRequest().headers).toEqual({ 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json', Authorization: 'Bearer full-token' });
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(Response.json({ count: 1 }));
    await apiRequest('GET /api/counter');
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('fills encoded path parameters and leaves undefined query values out', () => {
    expect(resolveRoute('DELETE /auth/addresses/{id}', { params: { id: 'a/b c' } })).toEqual({
      method: 'DELETE',
      url: '/auth/addresses/a%2Fb%20c',
    });
    expect(resolveRoute('GET /hoodpay/transactions', { query: { type: 'topup', page: undefined } }).url).toBe('/hoodpay/transactions?type=topup');
    expect(() => resolveRoute('GET /shipping/download-order/{shipOrderId}')).toThrow(/shipOrderId/);
  });

  it('throws an ApiError carrying the server message and field messages', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Invalid body', fields: { email: 'Invalid email format' } }, { status: 400 }));

    const error = await apiRequest('POST /auth/register', { body: {} as never }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid body', fields: { email: 'Invalid email format' } });
  });

  it('falls back to a generic message when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    await expect(apiRequest('GET /api/counter')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
  });

  it('on a 401 with a token, clears the session and sends the browser to /login', async () => {
    startSession('token', { name: 'Ann', email: 'ann@example.com' });
    markSessionVerified();
    fetchMock.mockResolvedValue(Response.json({ message: 'Session expired' }, { status: 401 }));

    await expect(apiRequest('GET /auth/profile')).rejects.toMatchObject({ status: 401, message: 'Session expired' });

    expect(getSession()).toEqual({ token: null, user: null, isVerified: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(loadPage).toHaveBeenCalledWith('/login');
  });

  it('leaves a 401 without a token (a failed sign-in) to the caller', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Wrong email or password' }, { status: 401 }));
    await expect(apiRequest('POST /auth/login', { body: {} as never })).rejects.toMatchObject({ status: 401, message: 'Wrong email or password' });
    expect(loadPage).not.toHaveBeenCalled();
  });
});

describe('the contract types every call', () => {
  it('gives each route its answer type and takes only its body', () => {
    // Checked by tsc (npm run typecheck), not at run time: a changed answer or body in
    // domain/api/ breaks this file's compile, as it breaks the pages that use the same route.
    expectTypeOf(apiRequest<'GET /api/counter'>).returns.resolves.toEqualTypeOf<LabelsCounter>();
    expectTypeOf(apiRequest<'POST /shipping/create-label'>).returns.resolves.toEqualTypeOf<CreatedLabel>();
    expectTypeOf<Parameters<typeof apiRequest<'PUT /auth/profile'>>[1]>()
      .exclude<undefined>()
      .toHaveProperty('body')
      .toEqualTypeOf<BodyIn<'PUT /auth/profile'> | undefined>();
    // @ts-expect-error: a file route is not a JSON call
    void (() => apiRequest('GET /shipping/download-order/{shipOrderId}'));
    // @ts-expect-error: no such route
    void (() => apiRequest('GET /nowhere'));
    // @ts-expect-error: the profile body has no email
    void (() => apiRequest('PUT /auth/profile', { body: { email: 'a@b.co' } }));
  });
});

describe('apiBlob', () => {
  it('returns the label PDF as a blob', async () => {
    fetchMock.mockResolvedValue(new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }));

    const pdf = await apiBlob('GET /shipping/download-order/{shipOrderId}', { params: { shipOrderId: 'ord_1' } });

    expect(lastRequest().url).toBe('/shipping/download-order/ord_1');
    expect(await pdf.text()).toBe('%PDF-1.7');
  });
});
