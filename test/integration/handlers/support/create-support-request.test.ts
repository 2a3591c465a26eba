/**
 * POST /support against DynamoDB Local: the request stored under the user with the account's email,
 * and the mail to support (the local outbox) replying to the account, whatever the form says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { listOutbox } from '../../../../functions/data/outbox';
import { signSessionToken } from '../../../../functions/http/tokens';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, SIGN_IN, expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';

/** The mailer the registry chose, unless a test makes sending fail. */
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock('../../../../functions/providers/registry/mail', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/mail')>();
  return {
    ...real,
    getMailer: () => ({
      send: async (m: Parameters<ReturnType<typeof real.getMailer>['send']>[0]) => {
        if (mail.fail) throw new Error('mail service unavailable (test)');
        return real.getMailer().send(m);
      },
    }),
  };
});

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
const ask = (body: unknown, token: string | null = ann.token) => invoke('POST /support', { token: token ?? undefined, body });
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
    expect(items(written).filter((i) => !String(i.pk).startsWith('OUTBOX#'))).toEqual([
      {
        pk: `USER#${ann.id}`,
        sk: `SUPPORT#${id}`,
        entity: 'supportRequest',
        id,
        userId: ann.id,
        email: ann.email,
        subject: 'Billing Questions',
        message: MESSAGE,
        createdAt: new Date().toISOString(),
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

  it('keeps the stored request when the mail cannot be sent, and answers a plain 500', async () => {
    mail.fail = true;
    const { result: res, written } = await changesOf(() => ask(FORM));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(items(written).map((i) => i.entity)).toEqual(['supportRequest']);
  });

  it('answers a plain 500 without mailing when the request cannot be stored', async () => {
    faults.armOn('PutItemCommand', 'throttling');
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
