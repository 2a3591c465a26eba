// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig, type State } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api-client/client';
import { errorRetryCount, onErrorRetry, retryDelayMs } from '@/api-client/swr-config';
import { createRetainingCache, unusedDataTtlMs } from '@/api-client/swr-cache';

type RetryArgs = Parameters<NonNullable<typeof onErrorRetry>>;

function retry(error: Error, retryCount: number) {
  const revalidate = vi.fn();
  const config = { errorRetryCount } as RetryArgs[2];
  onErrorRetry!(error, 'GET /auth/profile', config, revalidate, { retryCount, dedupe: true });
  return revalidate;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('retryDelayMs', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('onErrorRetry', () => {
  it('retries a server error after the delay for that attempt', () => {
    vi.useFakeTimers();
    const revalidate = retry(new ApiError(503, 'Unavailable'), 2);
    vi.advanceTimersByTime(1999);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledWith({ retryCount: 2, dedupe: true });
  });

  it('retries network failures too', () => {
    vi.useFakeTimers();
    const revalidate = retry(new TypeError('Failed to fetch'), 1);
    vi.advanceTimersByTime(1000);
    expect(revalidate).toHaveBeenCalledOnce();
  });

  it('gives up after 3 retries', () => {
    vi.useFakeTimers();
    const revalidate = retry(new ApiError(500, 'Boom'), 4);
    vi.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
  });

  it.each([400, 401, 403, 404, 409, 501])('does not retry a %i', (status) => {
    vi.useFakeTimers();
    const revalidate = retry(new ApiError(status, 'No'), 1);
    vi.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
  });
});

describe('createRetainingCache', () => {
  const state = (data: unknown): State => ({ data });

  it('keeps data while a hook uses it and forgets it 5 minutes after the last use', () => {
    let now = 0;
    const { cache } = createRetainingCache(unusedDataTtlMs, () => now);
    cache.set('a', state(1));
    now = unusedDataTtlMs;
    expect(cache.get('a')).toEqual(state(1));
    now = unusedDataTtlMs + 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops expired entries on the next write', () => {
    let now = 0;
    const { cache } = createRetainingCache(unusedDataTtlMs, () => now);
    cache.set('old', state(1));
    now = unusedDataTtlMs + 1;
    cache.set('new', state(2));
    expect([...cache.keys()]).toEqual(['new']);
  });

  it('never drops data that a mounted hook shows, however old', async () => {
    let now = 0;
    const { cache, retainKeys } = createRetainingCache(unusedDataTtlMs, () => now);
    function Probe() {
      const { data } = useSWR('GET /api/counter', async () => 'count');
      return <p>{data ?? 'loading'}</p>;
    }
    const view = render(
      <SWRConfig value={{ provider: () => cache, use: [retainKeys] }}>
        <Probe />
      </SWRConfig>,
    );
    await screen.findByText('count');

    now = 10 * unusedDataTtlMs;
    expect(cache.get('GET /api/counter')?.data).toBe('count');

    view.unmount();
    now += unusedDataTtlMs + 1;
    expect(cache.get('GET /api/counter')).toBeUndefined();
  });
});
