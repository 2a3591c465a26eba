/**
 * SES bounces and complaints against DynamoDB Local: a hard bounce or a complaint suppresses the
 * address and the next mail to it is not sent; a soft bounce suppresses nothing. Driven through the
 * feedback Lambda's handler with SNS events, and through the sandbox mailer's simulator addresses.
 * Proof: the stored suppression items and the local outbox (what was "sent").
 */
import type { SNSEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../functions/data/outbox';
import { getSuppression } from '../../functions/data/suppressions';
import { handler } from '../../functions/mail-feedback/handler';
import { getMailer } from '../../functions/providers/registry/mail';

const snsEvent = (message: unknown): SNSEvent =>
  ({ Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(message), Type: 'Notification', MessageId: ulid() } }] }) as unknown as SNSEvent;

const bounce = (to: string, bounceType: 'Permanent' | 'Transient' | 'Undetermined', bounceSubType = 'General') => ({
  eventType: 'Bounce',
  mail: { messageId: `m-${ulid()}`, destination: [to] },
  bounce: { bounceType, bounceSubType, feedbackId: `f-${ulid()}`, bouncedRecipients: [{ emailAddress: to, status: '5.1.1' }] },
});

const sent = async (to: string) => (await listOutbox({ to, limit: 100 })).length;
const mail = (to: string) => getMailer().send({ to, subject: 'Your sign-in code', text: 'Your code is 4KX9QZ' });

describe('mail suppression', () => {
  it('a hard bounce suppresses the address: the next mail to it is skipped, mails to others still go', async () => {
    const to = `gone-${ulid()}@example.com`;
    await mail(to);
    expect(await sent(to)).toBe(1);
    await handler(snsEvent(bounce(to.toUpperCase(), 'Permanent', 'NoEmail')));
    expect(await getSuppression(to)).toMatchObject({ email: to.toLowerCase(), reason: 'bounce', detail: 'NoEmail' });
    await mail(to);
    expect(await sent(to)).toBe(1);
    const other = `here-${ulid()}@example.com`;
    await mail(other);
    expect(await sent(other)).toBe(1);
  });

  it('a soft bounce suppresses nothing: the next mail goes out', async () => {
    const to = `full-${ulid()}@example.com`;
    await handler(snsEvent(bounce(to, 'Transient', 'MailboxFull')));
    await handler(snsEvent(bounce(to, 'Undetermined')));
    expect(await getSuppression(to)).toBeUndefined();
    await mail(to);
    expect(await sent(to)).toBe(1);
  });

  it('a complaint suppresses the address (identity notifications too), and a repeat changes nothing', async () => {
    const to = `annoyed-${ulid()}@example.com`;
    const complaint = {
      notificationType: 'Complaint',
      mail: { messageId: 'm-1' },
      complaint: { complaintFeedbackType: 'abuse', feedbackId: 'f-1', complainedRecipients: [{ emailAddress: to }] },
    };
    await handler(snsEvent(complaint));
    const first = await getSuppression(to);
    expect(first).toMatchObject({ reason: 'complaint', detail: 'abuse', feedbackId: 'f-1' });
    await handler(snsEvent({ ...complaint, complaint: { ...complaint.complaint, feedbackId: 'f-2' } }));
    expect(await getSuppression(to)).toEqual(first);
    await mail(to);
    expect(await sent(to)).toBe(0);
  });

  it('ignores what is not a bounce or complaint, and a message that is not JSON', async () => {
    const to = `fine-${ulid()}@example.com`;
    await handler(snsEvent({ eventType: 'Delivery', mail: { destination: [to] }, delivery: { recipients: [to] } }));
    await handler({ Records: [{ Sns: { Message: 'not json' } }] } as unknown as SNSEvent);
    expect(await getSuppression(to)).toBeUndefined();
  });

  it("the sandbox plays SES's simulator: bounce@ and complaint@simulator.amazonses.com end suppressed, their next mail skipped", async () => {
    for (const [to, reason] of [
      [`bounce+${ulid()}@simulator.amazonses.com`, 'bounce'],
      [`complaint+${ulid()}@simulator.amazonses.com`, 'complaint'],
    ] as const) {
      await mail(to);
      expect(await sent(to)).toBe(1);
      expect(await getSuppression(to)).toMatchObject({ reason });
      await mail(to);
      expect(await sent(to)).toBe(1);
    }
  });
});
