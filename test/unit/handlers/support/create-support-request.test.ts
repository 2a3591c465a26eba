import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { handler } from '../../../../functions/handlers/support/create-support-request';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, EMAIL, emptyTable, expectNoWrites, HIDDEN_500, jsonEvent, mailsSent, storeUser, USER_ID, userItem } from '../auth/fixtures';
import { NOW, NOW_ISO, sent, TABLE, throttled } from '../payments/fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const USER = `USER#${USER_ID}`;
const SUPPORT_EMAIL = 'help@ship.example.com';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const MESSAGE = 'My $25 top-up did not show up in my balance.';
/** The form as the web posts it: the email fields say something else than the account. */
const FORM = { email: 'someone.else@example.com', _replyto: 'spoof@example.com', subject: 'Billing Questions', message: MESSAGE };
const THANKS = { message: "Thanks! We'll reply to ann@example.com soon.", id: expect.stringMatching(ULID) };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.stubEnv('SUPPORT_EMAIL', SUPPORT_EMAIL);
  vi.stubEnv('MAIL_PROVIDER', ''); // the default: the outbox, in the mocked table
  resetConfigForTests();
  emptyTable(ddb);
  storeUser(ddb, userItem(), false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const ask = async (body: unknown, claims: Parameters<typeof bearer>[0] = {}) => call(handler, jsonEvent('POST', '/support', body, await bearer(claims)));

/** The outbox items the mailer Put (to, replyTo, subject, text). */
const outbox = () =>
  ddb
    .commandCalls(PutCommand)
    .map((c) => c.args[0].input.Item as Record<string, unknown>)
    .filter((item) => String(item.pk).startsWith('OUTBOX#'));

describe('POST /support', () => {
  it("answers 201 with the thanks naming the account's email, and the request's id", async () => {
    const res = await ask(FORM);

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual(THANKS);
  });

  it("stores the request under the user with the ACCOUNT's email, whatever the form's email and _replyto say", async () => {
    const res = await ask(FORM);

    const id = res.json?.id as string;
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      TableName: TABLE,
      Item: { pk: USER, sk: `SUPPORT#${id}`, entity: 'supportRequest', id, userId: USER_ID, email: EMAIL, subject: 'Billing Questions', message: MESSAGE, createdAt: NOW_ISO },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, `Put ${USER} SUPPORT#${id}`, expect.stringMatching(new RegExp(`^Put OUTBOX#${SUPPORT_EMAIL} `))]);
    const everything = JSON.stringify(ddb.calls().map((c) => (c.args[0] as { input: unknown }).input));
    expect(everything).not.toContain('someone.else@example.com');
    expect(everything).not.toContain('spoof@example.com');
  });

  it('mails SUPPORT_EMAIL once, subject [Support] <subject>, reply-to the account, with the message and the user id', async () => {
    const res = await ask(FORM);

    expect(mailsSent(ddb)).toEqual([{ to: SUPPORT_EMAIL, subject: '[Support] Billing Questions', text: expect.any(String) }]);
    const [mail] = outbox();
    expect(mail?.replyTo).toBe(EMAIL);
    expect(mail?.text).toContain(MESSAGE);
    expect(mail?.text).toContain(USER_ID);
    expect(mail?.text).toContain(res.json?.id as string);
    expect(mail?.text).toContain('Ann Lee <ann@example.com>');
  });

  it('stores the message trimmed', async () => {
    await ask({ ...FORM, message: `  ${MESSAGE}\n` });

    const stored = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item).find((item) => String(item?.sk).startsWith('SUPPORT#'));
    expect(stored?.message).toBe(MESSAGE);
  });

  it('lets an admin send one too', async () => {
    storeUser(ddb, userItem({ role: 'admin' }), false);
    const res = await ask(FORM, { role: 'admin' });

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual(THANKS);
    expect(mailsSent(ddb)).toHaveLength(1);
  });

  it.each([
    ['no subject', { ...FORM, subject: undefined }, { subject: 'Please select a subject' }],
    ['a subject not in the list', { ...FORM, subject: 'Refund now' }, { subject: 'Please select a subject' }],
    ['no message', { ...FORM, message: undefined }, { message: 'Please enter your message' }],
    ['a blank message', { ...FORM, message: '   ' }, { message: 'Please enter your message' }],
    ['a 9-character message', { ...FORM, message: ' too short ' }, { message: 'Message must be at least 10 characters' }],
  ])('answers 400 for %s, without reading, writing or mailing', async (_what, body, fields) => {
    const res = await ask(body);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 401 for a token whose account was deleted, without writing or mailing', async () => {
    emptyTable(ddb);
    const res = await ask(FORM);

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`]);
    expectNoWrites(ddb);
  });

  it('keeps the stored request when the mail cannot be sent, and answers a plain 500', async () => {
    ddb.on(PutCommand, { Item: { gsi1pk: 'OUTBOX' } }).rejects(throttled());
    const res = await ask(FORM);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, expect.stringMatching(new RegExp(`^Put ${USER} SUPPORT#`)), expect.stringMatching(/^Put OUTBOX#/)]);
  });

  it('answers a plain 500 without mailing when the request cannot be stored', async () => {
    ddb.on(PutCommand).rejects(throttled());
    const res = await ask(FORM);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, expect.stringMatching(new RegExp(`^Put ${USER} SUPPORT#`))]);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, jsonEvent('POST', '/support', FORM));
    const otp = await ask(FORM, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 for a body that is not valid JSON', async () => {
    const res = await call(handler, apiEvent({ method: 'POST', path: '/support', headers: { ...(await bearer()), 'content-type': 'application/json' }, body: '{"subject":' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be valid JSON' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
