import { useEffect, useState } from 'react';
import type { CaptchaChallenge } from '@domain/api/auth';
import { apiRequest } from '@/api-client/client';

export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return apiRequest('GET /auth/captcha-challenge', { signal });
}

/**
 * A new challenge for each `attempt` (bump it after a failed submit) and on `reload()`.
 * Not an SWR query on purpose: the server accepts each solved challenge once, so a cached or shared
 * challenge would be a spent one.
 */
export function useCaptchaChallenge(attempt: number) {
  const [reloads, setReloads] = useState(0);
  /** Changes with every new challenge: key the widget with it so a fresh one mounts. */
  const key = `${attempt}-${reloads}`;
  // Each answer remembers the challenge it was fetched for, so a new key reads as loading at once
  // (nothing to reset) and a late answer for an old key is never shown.
  const [answer, setAnswer] = useState<{ key: string; data?: CaptchaChallenge; error?: unknown }>();

  useEffect(() => {
    const controller = new AbortController();
    getCaptchaChallenge(controller.signal).then(
      (data) => setAnswer({ key, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, error });
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = answer?.key === key ? answer : undefined;
  return { data: current?.data, error: current?.error, key, reload: () => setReloads((n) => n + 1) };
}
