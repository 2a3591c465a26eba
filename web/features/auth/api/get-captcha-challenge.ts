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
  const [state, setState] = useState<{ data?: CaptchaChallenge; error?: unknown }>({});

  useEffect(() => {
    const controller = new AbortController();
    setState({});
    getCaptchaChallenge(controller.signal).then(
      (data) => setState({ data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      },
    );
    return () => controller.abort();
  }, [attempt, reloads]);

  /** Changes with every new challenge: key the widget with it so a fresh one mounts. */
  const key = `${attempt}-${reloads}`;
  return { ...state, key, reload: () => setReloads((n) => n + 1) };
}
