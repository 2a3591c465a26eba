import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { PutCommand, QueryCommand } from '../../../functions/data/client';
import { listOutbox, saveOutboxMail } from '../../../functions/data/outbox';
import { getMailer } from '../../../functions/providers/registry/mail';
import { fakeDb } from '../fake-db';
import { FAKE_AWS_KEYS, startFakeAws, type FakeAws } from './aws/fake-aws';

/** SES v2 as it answers SendEmail: a message id for a mail it took. */
let ses: FakeAws;
beforeAll(async () => {
  ses = await startFakeAws('ses', 'us-east-1', () => ({ status: 200, body: JSON.stringify({ MessageId: `m-${ses.requests.length}` }) }));
});
afterAll(() => ses.close());
/** What SES was asked to send, as its API got it. */
const sent = () =>
  ses.requests.map((r) => {
    expect(`${r.method} ${r.path}`).toBe('POST /v2/email/outbound-emails');
    return JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;
  });
const ddb = fakeDb();
const table = process.env.TABLE_NAME as string;

const mail = { to: 'Ann@Example.COM', subject: 'Your code', text: 'Your code is 4KX9QZ' };

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries({ ...FAKE_AWS_KEYS, AWS_PROFILE: '', AWS_ENDPOINT_URL_SESV2: ses.url, ...vars })) vi.stubEnv(name, value);
  resetConfigForTests();
}

beforeEach(() => {
  ses.requests.length = 0;
  ses.queued.length = 0;
  ddb.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('getMailer', () => {
  it('keeps mails in the outbox when MAIL_PROVIDER is unset', async () => {
    ddb.on(PutCommand).resolves({});
    useEnv({});
    await getMailer().send(mail);
    expect(ddb.inputs(PutCommand)).toHaveLength(1);
    expect(sent()).toEqual([]);
  });

  it('sends through SES when MAIL_PROVIDER is ses', async () => {
    useEnv({ MAIL_PROVIDER: 'ses' });
    await getMailer().send(mail);
    expect(sent()).toHaveLength(1);
    expect(ddb.inputs(PutCommand)).toEqual([]);
  });

  it('makes the mailer once per process', () => {
    expect(getMailer()).toBe(getMailer());
  });
});

describe('SES mailer', () => {
  beforeEach(() => useEnv({ MAIL_PROVIDER: 'ses', MAIL_FROM: 'PrepaidShip <no-reply@prepaidship.example>' }));

  it('sends a plain-text mail from MAIL_FROM with the reply-to address', async () => {
    await getMailer().send({ ...mail, replyTo: 'bob@example.com' });
    expect(sent()).toEqual([
      {
        FromEmailAddress: 'PrepaidShip <no-reply@prepaidship.example>',
        Destination: { ToAddresses: ['Ann@Example.COM'] },
        ReplyToAddresses: ['bob@example.com'],
        Content: {
          Simple: {
            Subject: { Data: 'Your code', Charset: 'UTF-8' },
            Body: { Text: { Data: 'Your code is 4KX9QZ', Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });

  it("sends the mail's extra header fields (one-click unsubscribe)", async () => {
    await getMailer().send({
      ...mail,
      headers: { 'List-Unsubscribe': '<https://prepaidship.example/u/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(sent()[0]).toMatchObject({
      Content: {
        Simple: {
          Headers: [
            { Name: 'List-Unsubscribe', Value: '<https://prepaidship.example/u/x>' },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    });
  });

  it('sets no reply-to address when the mail has none', async () => {
    await getMailer().send(mail);
    expect(sent()[0]).not.toHaveProperty('ReplyToAddresses');
  });

  it('rejects when SES refuses the mail, so the caller does not claim it was sent', async () => {
    // SES v2's refusal: the error type in a header, the message in the body.
    ses.queued.push({
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
      body: JSON.stringify({ message: 'Email address is not verified.' }),
    });
    await expect(getMailer().send(mail)).rejects.toThrow('MessageRejected: Email address is not verified.');
    expect(sent()).toEqual([]);
  });

  it('tries again when SES throttles, and sends the mail once', async () => {
    ses.queued.push({
      status: 429,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException' },
      body: JSON.stringify({ message: 'Maximum sending rate exceeded.' }),
    });
    await getMailer().send(mail);
    expect(sent()).toHaveLength(1);
  });
});

describe('outbox', () => {
  it('saves a mail under its lower-cased recipient and in the all-mail index, expiring in 7 days', async () => {
    ddb.on(PutCommand).resolves({});
    const before = Math.floor(Date.now() / 1000);
    await saveOutboxMail({ ...mail, replyTo: 'bob@example.com' });
    const item = ddb.inputs(PutCommand)[0]?.Item ?? {};
    expect(item).toMatchObject({
      pk: 'OUTBOX#ann@example.com',
      gsi1pk: 'OUTBOX',
      to: 'Ann@Example.COM',
      subject: 'Your code',
      text: 'Your code is 4KX9QZ',
      replyTo: 'bob@example.com',
    });
    expect(item.sk).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[0-9A-Z]{26}$/);
    expect(item.sk.startsWith(`${item.sentAt}#`)).toBe(true);
    expect(item.gsi1sk).toBe(item.sk);
    expect(item.expiresAt - before).toBeGreaterThanOrEqual(7 * 24 * 3600);
    expect(item.expiresAt - before).toBeLessThanOrEqual(7 * 24 * 3600 + 2);
  });

  it('lists one recipient newest first by querying their partition', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [{ pk: 'OUTBOX#ann@example.com', sk: 's', to: 'ann@example.com', subject: 'S', text: 'T', replyTo: 'r', sentAt: 't' }],
    });
    const mails = await listOutbox({ to: ' ANN@example.com' });
    expect(mails).toEqual([{ to: 'ann@example.com', subject: 'S', text: 'T', sentAt: 't' }]);
    expect(ddb.inputs(QueryCommand)).toContainEqual(
      expect.objectContaining({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX#ann@example.com' },
        ScanIndexForward: false,
        Limit: 50,
      }),
    );
  });

  it('lists every recipient newest first from gsi1', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await listOutbox({ limit: 5 })).toEqual([]);
    expect(ddb.inputs(QueryCommand)).toContainEqual(
      expect.objectContaining({
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX' },
        ScanIndexForward: false,
        Limit: 5,
      }),
    );
  });
});
