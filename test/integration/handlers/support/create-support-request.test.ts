/**
 * POST /support against DynamoDB Local: the request stored once per Idempotency-Key under the user
 * with the account's email, and the mail to support (the local outbox) replying to the account,
 * whatever the form says; a mail that fails is sent later by the scheduled work, from the stored request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { listOutbox } from '../../../../functions/data/outbox';
import { getSupportRequest } from '../../../../functions/data/support-requests';
import { logger } from '../../../../functions/observability/logger';
import { retrySupportMails } from '../../../../functions/support/support-mail';
import { signSessionToken } from '../../../session-token';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, SIGN_IN, expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';

/** The mailer the registry chose, unless a test makes sending fail. */
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock('../../../../functions/providers/registry/mail', async (importOriginal) =>
  (await import('../../failing-mail')).failingMailRegistry(await importOriginal(), mail),
);

const SUPPORT_EMAIL = 'help@ship.example.com';
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const MESSAGE = 'My $25 top-up did not show up in my balance.';
/** The form as the web posts it: the email fields say something else than the account. */
const FORM = { email: 'someone.else@example.com', _replyto: 'spoof@example.com', subject: 'Billing Questions', message: MESSAGE };

const faults = installFaultInjector();
let ann: Account;
beforeEach(async () => {
  vi.stubEnv('SUPPORT_EMAIL', SUPPORT_EMAIL);
  vi.stubEnv('MAIL_PROVIDER', ''); // the default: the outbox, in the table
  resetConfigForTests();
  mail.fail = false;
  ann = await newAccount('user', 'support');
});
afterEach(() => {
  faults.stop();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

/** `null`: no token at all. */
const ask = (body: unknown, token: string | null = ann.token, key?: string) =>
  invoke('POST /support', { token: token ?? undefined, body, headers: key === undefined ? {} : { 'idempotency-key': key } });
const thanks = (account: Account) => ({ message: `Thanks! We'll reply to ${account.email} soon.`, id: expect.stringMatching(ULID) });
const items = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
/** The mails to support among the items a call wrote (the file's table keeps earlier tests' mails). */
const supportMails = (written: string[]) => items(written).filter((i) => i.pk === `OUTBOX#${SUPPORT_EMAIL}`);

describe('POST /support', () => {
  it("answers 201 with the thanks naming the account's email, and stores the request under the user with that email", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { result: res, written } = await changesOf(() => ask(FORM));

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual(thanks(ann));
    const id = res.json?.id as string;
    const now = new Date().toISOString();
    expect(items(written).filter((i) => i.entity === 'supportRequest')).toEqual([
      {
        pk: `USER#${ann.id}`,
        sk: `SUPPORT#${id}`,
        entity: 'supportRequest',
        id,
        userId: ann.id,
        name: ann.name,
        email: ann.email,
        role: 'user',
        subject: 'Billing Questions',
        message: MESSAGE,
        createdAt: now,
        // Sent at once: marked mailed, and out of the work index's mail queue (no mailDue, no gsi3 keys).
        mailedAt: now,
        mailTries: 0,
      },
    ]);
    expect(written.join()).not.toMatch(/someone\.else@example\.com|spoof@example\.com/);
  });

  it('mails SUPPORT_EMAIL once, subject [Support] <subject>, reply-to the account, with the message, the user and the request id', async () => {
    const { result: res, written } = await changesOf(() => ask(FORM));

    const mails = supportMails(written);
    expect(mails).toEqual([expect.objectContaining({ to: SUPPORT_EMAIL, replyTo: ann.email, subject: '[Support] Billing Questions' })]);
    expect((await listOutbox({ to: SUPPORT_EMAIL }))[0]?.text).toBe(mails[0]?.text);
    const text = String(mails[0]?.text);
    expect(text).toContain(MESSAGE);
    expect(text).toContain(ann.id);
    expect(text).toContain(res.json?.id as string);
    expect(text).toContain(`${ann.name} <${ann.email}>`);
  });

  it('stores the message trimmed', async () => {
    const { written } = await changesOf(() => ask({ ...FORM, message: `  ${MESSAGE}\n` }));

    expect(items(written).find((i) => i.entity === 'supportRequest')?.message).toBe(MESSAGE);
  });

  it('lets an admin send one too', async () => {
    const admin = await newAccount('admin', 'support');
    const { result: res, written } = await changesOf(() => ask(FORM, admin.token));

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual(thanks(admin));
    expect(supportMails(written)).toHaveLength(1);
  });

  it.each([
    ['no subject', { ...FORM, subject: undefined }, { subject: 'Please select a subject' }],
    ['a subject not in the list', { ...FORM, subject: 'Refund now' }, { subject: 'Please select a subject' }],
    ['no message', { ...FORM, message: undefined }, { message: 'Please enter your message' }],
    ['a blank message', { ...FORM, message: '   ' }, { message: 'Please enter your message' }],
    ['a 9-character message', { ...FORM, message: ' too short ' }, { message: 'Message must be at least 10 characters' }],
  ])('answers 400 for %s, without writing or mailing', async (_what, body, fields) => {
    const res = await withoutWrites(() => ask(body));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
  });

  it('answers 401 for a token whose account was deleted, without writing or mailing', async () => {
    const gone = await signSessionToken({ userId: '01J9Z3K4M5N6P7Q8R9S0T1V2W3', role: 'user', scope: 'full' });
    const res = await withoutWrites(() => ask(FORM, gone));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(SIGN_IN);
  });

  it('keeps the request when the mail cannot be sent, answers the thanks, and the scheduled work sends it later, once', async () => {
    mail.fail = true;
    const res = await ask(FORM);
    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual(thanks(ann));
    const id = res.json?.id as string;
    expect(await getSupportRequest(ann.id, id)).toMatchObject({ mailedAt: null });
    const before = (await listOutbox({ to: SUPPORT_EMAIL })).length;

    // Still failing a minute later: tried, and put off further.
    const inAMinute = new Date(Date.now() + 61_000);
    expect(await retrySupportMails(logger, inAMinute)).toMatchObject({ sent: 0, failed: 1 });
    expect(await retrySupportMails(logger, inAMinute)).toMatchObject({ sent: 0, failed: 0 });

    mail.fail = false;
    const later = new Date(Date.now() + 3600_000);
    expect(await retrySupportMails(logger, later)).toMatchObject({ sent: 1 });
    const mails = await listOutbox({ to: SUPPORT_EMAIL });
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ to: SUPPORT_EMAIL, subject: '[Support] Billing Questions' });
    expect(mails[0]?.text).toContain(id);
    expect(await getSupportRequest(ann.id, id)).toMatchObject({ mailedAt: later.toISOString(), mailTries: 2 });
    // Nothing left to send.
    expect(await retrySupportMails(logger, new Date(Date.now() + 86_400_000))).toMatchObject({ sent: 0 });
  });

  it('stores and mails once per Idempotency-Key: a retry answers the first request', async () => {
    const first = await ask(FORM, ann.token, 'support-key-1');
    const { result: again, written } = await changesOf(() => ask(FORM, ann.token, 'support-key-1'));

    expect(again.statusCode).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(written).toEqual([]);
    const other = await ask(FORM, ann.token, 'support-key-2');
    expect(other.json?.id).not.toBe(first.json?.id);
  });

  it('answers 400 for a malformed Idempotency-Key, without writing', async () => {
    const res = await withoutWrites(() => ask(FORM, ann.token, 'not a key!'));
    expect(res.statusCode).toBe(400);
  });

  it('answers a plain 500 without mailing when the request cannot be stored', async () => {
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(() => ask(FORM));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without writing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => ask(FORM, token)), ann.otpToken);
  });

  it('answers 400 for a body that is not valid JSON', async () => {
    const res = await withoutWrites(() => invoke('POST /support', { token: ann.token, raw: '{"subject":' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be valid JSON' });
  });
});
