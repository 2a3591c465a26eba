/**
 * The mail registry with its mailer failing while a test says so, for suites that check what a
 * failed send leaves queued. A suite mocks the registry with
 *
 *   const mail = vi.hoisted(() => ({ fail: false }));
 *   vi.mock('<path>/functions/providers/registry/mail', async (importOriginal) =>
 *     (await import('<path>/test/integration/failing-mail')).failingMailRegistry(await importOriginal(), mail));
 *
 * and sets `mail.fail` in its tests (back to false before each).
 */
import type * as Registry from '../../functions/providers/registry/mail';

/** The registry module whose mailer is the one the registry chose, but throws while `mail.fail`. */
export function failingMailRegistry(real: typeof Registry, mail: { fail: boolean }): typeof Registry {
  return {
    ...real,
    getMailer: () => ({
      send: async (m: Parameters<ReturnType<typeof real.getMailer>['send']>[0]) => {
        if (mail.fail) throw new Error('mail service unavailable (test)');
        return real.getMailer().send(m);
      },
    }),
  };
}
