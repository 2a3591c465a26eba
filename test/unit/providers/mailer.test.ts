import { MessageRejected, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { listOutbox, saveOutboxMail } from '../../../functions/data/outbox';
import { allShards } from '../../../functions/data/shards';
import { getMailer } from '../../../functions/providers/registry/mail';

const ses = mockClient(SESv2Client);
const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;

const mail = { to: 'Ann@Example.COM', subject: 'Your code', text: 'Your code is 4KX9QZ' };

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

beforeEach(() => {
  ses.reset();
  ddb.reset();
  // SES took the mail, unless a test says otherwise.
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  // No address is suppressed, unless a test says otherwise.
  ddb.on(GetCommand).resolves({});
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
    expect(ddb).toHaveReceivedCommandTimes(PutCommand, 1);
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
  });

  it('sends through SES when MAIL_PROVIDER is ses', async () => {
    useEnv({ MAIL_PROVIDER: 'ses' });
    await getMailer().send(mail);
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('sends nothing to a suppressed address, through either mailer, and does not fail the caller', async () => {
    ddb.on(GetCommand, { Key: { pk: 'SUPPRESSED#ann@example.com', sk: 'SUPPRESSED' } }).resolves({
      Item: {
        pk: 'SUPPRESSED#ann@example.com',
        sk: 'SUPPRESSED',
        email: 'ann@example.com',
        reason: 'bounce',
        detail: 'General',
        feedbackId: 'f',
        suppressedAt: 't',
      },
    });
    useEnv({});
    await getMailer().send(mail);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
    useEnv({ MAIL_PROVIDER: 'ses' });
    await getMailer().send(mail);
    expect(ses).not.toHaveReceivedCommand(SendEmailCommand);
    // Another address still goes out.
    await getMailer().send({ ...mail, to: 'bob@example.com' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });

  it('makes the mailer once per process', () => {
    expect(getMailer()).toBe(getMailer());
  });
});

describe('SES mailer', () => {
  beforeEach(() => useEnv({ MAIL_PROVIDER: 'ses', MAIL_FROM: 'PrepaidShip <no-reply@prepaidship.example>' }));

  it('sends a plain-text mail from MAIL_FROM with the reply-to address', async () => {
    await getMailer().send({ ...mail, replyTo: 'bob@example.com' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: 'PrepaidShip <no-reply@prepaidship.example>',
      Destination: { ToAddresses: ['Ann@Example.COM'] },
      ReplyToAddresses: ['bob@example.com'],
      Content: {
        Simple: expect.objectContaining({
          Subject: expect.objectContaining({ Data: 'Your code' }),
          Body: { Text: expect.objectContaining({ Data: 'Your code is 4KX9QZ' }) },
        }),
      },
    });
  });

  it("sends the mail's extra header fields (one-click unsubscribe)", async () => {
    await getMailer().send({
      ...mail,
      headers: { 'List-Unsubscribe': '<https://prepaidship.example/u/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://prepaidship.example/u/x>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('sends under the configuration set that reports bounces and complaints, when one is set', async () => {
    await getMailer().send(mail);
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.ConfigurationSetName).toBeUndefined();
    useEnv({ MAIL_PROVIDER: 'ses', SES_CONFIGURATION_SET: 'prepaidship-prod' });
    await getMailer().send(mail);
    expect(ses.commandCalls(SendEmailCommand)[1]?.args[0].input.ConfigurationSetName).toBe('prepaidship-prod');
  });

  it('sets no reply-to address when the mail has none', async () => {
    await getMailer().send(mail);
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.ReplyToAddresses).toBeUndefined();
  });

  it('rejects when SES refuses the mail, so the caller does not claim it was sent', async () => {
    ses.on(SendEmailCommand).rejects(new MessageRejected({ message: 'Email address is not verified.', $metadata: {} }));
    await expect(getMailer().send(mail)).rejects.toThrow('Email address is not verified.');
    // Refused is refused: no second send here (the SDK's own retries are for throttling and faults).
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });
});

describe('outbox', () => {
  it('saves a mail under its lower-cased recipient and on a shard of the all-mail index, expiring in 7 days', async () => {
    ddb.on(PutCommand).resolves({});
    const before = Math.floor(Date.now() / 1000);
    await saveOutboxMail({ ...mail, replyTo: 'bob@example.com' });
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item ?? {};
    expect(item).toMatchObject({
      pk: 'OUTBOX#ann@example.com',
      gsi1pk: expect.stringMatching(/^OUTBOX#\d+$/),
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
    expect(ddb).toHaveReceivedCommandWith(QueryCommand, {
      TableName: table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#ann@example.com' },
      ScanIndexForward: false,
      Limit: 50,
    });
  });

  it('lists every recipient newest first from every gsi1 shard, merged by time', async () => {
    const mailOn = (sentAt: string) => ({ gsi1sk: `${sentAt}#x`, to: 'a@example.com', subject: sentAt, text: 'T', sentAt });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'OUTBOX#3' } }).resolves({ Items: [mailOn('2025-01-03'), mailOn('2025-01-01')] });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'OUTBOX#17' } }).resolves({ Items: [mailOn('2025-01-02')] });
    expect((await listOutbox({ limit: 5 })).map((m) => m.subject)).toEqual(['2025-01-03', '2025-01-02', '2025-01-01']);
    const shards = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(new Set(shards.map((q) => q.ExpressionAttributeValues?.[':pk']))).toEqual(new Set(allShards('OUTBOX')));
    for (const q of shards) expect(q).toMatchObject({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ScanIndexForward: false });
  });
});
