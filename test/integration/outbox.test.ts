/** The local outbox on DynamoDB Local: what /_local/outbox lists, newest first, per recipient in any case. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutbox, saveOutboxMail } from '../../functions/data/outbox';
import { getMailer } from '../../functions/providers/registry/mail';

/** A recipient of this test's own, so tests sharing the file's table never see each other's mails. */
const someone = (name: string) => `${name}-${randomUUID()}@Example.com`;

describe('outbox', () => {
  it('lists one recipient newest first, whatever the case of the address', async () => {
    const ann = someone('Ann');
    const bob = someone('bob');
    await saveOutboxMail({ to: ann, subject: 'first', text: 'code 111111' });
    await saveOutboxMail({ to: bob, subject: 'for bob', text: 'code 222222' });
    await saveOutboxMail({ to: ann.toLowerCase(), subject: 'second', text: 'code 333333', replyTo: 'support@prepaidship.local' });
    await saveOutboxMail({ to: ann, subject: 'third', text: 'code 444444' });

    const mails = await listOutbox({ to: ann.toUpperCase() });
    expect(mails.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(mails[1]).toEqual({ to: ann.toLowerCase(), subject: 'second', text: 'code 333333', sentAt: expect.any(String) });
    expect(mails.map((m) => m.sentAt)).toEqual(
      mails
        .map((m) => m.sentAt)
        .toSorted()
        .reverse(),
    );
    expect(await listOutbox({ to: someone('nobody') })).toEqual([]);
  });

  it('lists every recipient newest first, up to the limit', async () => {
    const subjects = ['a', 'b', 'c', 'd'].map((s) => `${s}-${randomUUID()}`);
    for (const [i, subject] of subjects.entries()) await saveOutboxMail({ to: someone(`r${i}`), subject, text: 't' });
    const newest = await listOutbox({ limit: 3 });
    expect(newest.map((m) => m.subject)).toEqual(subjects.slice(1).reverse());
  });

  it('is where the default mailer puts mails', async () => {
    const to = someone('carol');
    await getMailer().send({ to, subject: 'Your code', text: 'ABC123' });
    expect(await listOutbox({ to })).toEqual([{ to, subject: 'Your code', text: 'ABC123', sentAt: expect.any(String) }]);
  });
});
