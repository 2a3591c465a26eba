/**
 * The sessions module for unit tests whose table is mocked (aws-sdk-client-mock): every session is
 * live except the one named `ended`, and no use is recorded, so a test's table calls are its own.
 * Use with `vi.mock(<sessions module>, async (original) => (await import(<this module>)).liveSessionsModule(original))`.
 */
import type * as Sessions from '../../../functions/data/sessions';

export async function liveSessionsModule(importOriginal: () => Promise<typeof Sessions>): Promise<typeof Sessions> {
  const actual = await importOriginal();
  return {
    ...actual,
    getLiveSession: async (userId: string, id: string) =>
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
          },
    touchSession: async () => {},
  };
}
