/**
 * No captcha at all: any non-empty token passes. Only for tests that drive the forms without solving
 * a puzzle; it warns once per process so it cannot sit unnoticed in a deployed stack's logs.
 */
import { logger } from '../../observability/logger';
import type { Captcha } from './captcha';

export function createNoCaptcha(): Captcha {
  logger
    .createChild({ persistentKeys: { component: 'captcha' } })
    .warn('CAPTCHA_PROVIDER=none accepts every non-empty captcha token: for tests only, never in production');
  return {
    challenge: () => Promise.resolve({ provider: 'none' }),
    verify: (token) => Promise.resolve(token.trim().length > 0),
  };
}
