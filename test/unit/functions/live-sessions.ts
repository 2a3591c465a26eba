/**
 * The sessions module for unit tests whose table is mocked (aws-sdk-client-mock): every session is
 * live except the one named `ended`, nobody is in a team, and no use is recorded, so a test's table calls are its own.
 * Use with `vi.mock(<sessions module>, async (original) => (await import(<this module>)).liveSessionsModule(original))`.
 */
import type * as Sessions from '../../../functions/data/sessions';

export async function liveSessionsModule(importOriginal: () => Promise<typeof Sessions>): Promise<typeof Sessions> {
  const actual = await importOriginal();
  const live = (userId: string, id: string): Sessions.Session | undefined =>
    id === 'ended'
      ? undefined
      : {
          id,
          userId,
          scope: 'full',
          device: 'Test runner',
          address: '127.0.0.1',
          createdAt: new Date().toISOString(),
          lastUsedAt: new Date().toISOString(),
          expiresAt: 4_102_444_800,
          epoch: 0,
        };
  return {
    ...actual,
    getLiveSession: async (userId: string, id: string) => live(userId, id),
    // Nobody is a team member here: every person acts on their own account.
    getLiveSessionWith: async (userId: string, id: string) => ({ session: live(userId, id) }),
    touchSession: async () => {},
  };
}
