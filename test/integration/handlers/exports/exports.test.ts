/**
 * GET /exports/orders.csv and GET /exports/transactions.csv against DynamoDB Local through the real
 * handlers: the caller's own rows only, oldest first, in a UTF-8 file with a BOM and a header;
 * formula-like text neutralised while amounts stay numbers; the from/to range in Eastern days; an
 * inverted range refused; `scope=all` (every user's top-ups) for admins only. Nothing is written.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_RANGE_MESSAGE } from '../../../../domain/schemas/exports';
import { todayInEastern } from '../../../../domain/ship-date';
import { db, transact } from '../../../../functions/data/client';
import { newOrder, putOrderStep } from '../../../../functions/data/orders';
import { newEntry, putPendingEntry } from '../../../../functions/wallet/ledger';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { buyLabel, idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { expectVerifiedUserOnly } from '../answers';
import { withoutWrites } from '../table-changes';

type Key = 'GET /exports/orders.csv' | 'GET /exports/transactions.csv';

let ann: Account;
let bob: Account;
let admin: Account;
beforeEach(async () => {
  [ann, bob, admin] = await Promise.all([newAccount('user', 'export'), newAccount('user', 'export'), newAccount('admin', 'export')]);
});
afterEach(() => vi.useRealTimers());

const send = (key: Key, query: Record<string, string> = {}, token: string | null = ann.token) =>
  withoutWrites(() => invoke(key, { token: token ?? undefined, query }));

/** The file's rows as objects by header, after checking the file's type, BOM and line ends. */
async function rowsOf(key: Key, query: Record<string, string> = {}, token = ann.token): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  const res = await send(key, query, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers?.['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(res.headers?.['content-disposition'])).toMatch(/^attachment; filename="prepaidship-[a-z-]+-[\w-]+\.csv"$/);
  const bytes = Buffer.from(res.body ?? '', 'base64');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  const [header = [], ...lines]: string[][] = parse(text);
  expect(text.split('\r\n').length).toBe(lines.length + 2); // CRLF after every line
  return { header, rows: lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))) };
}

/** An order and a pending top-up of `account` made on 2026-01-10 (Eastern), with their ids. */
async function january(account: Account): Promise<{ orderId: string; entryId: string }> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-10T15:00:00.000Z') });
  const order = newOrder(account.id, sampleLabelOrder() as never, 600, 'failed');
  await transact([putOrderStep(order)]);
  const entry = newEntry(account, { amountCents: 1500, type: 'topup', creditType: 'Card', paymentType: 'CARD', provider: 'stripe' });
  await putPendingEntry(entry);
  vi.useRealTimers();
  return { orderId: order.id, entryId: entry.id };
}

describe('GET /exports/orders.csv', () => {
  it("exports only the caller's orders, oldest first, with dollars and cents as numbers", async () => {
    const old = await january(ann);
    const label = await buyLabel(ann);
    await buyLabel(bob);
    const { header, rows } = await rowsOf('GET /exports/orders.csv');

    expect(header.slice(0, 7)).toEqual(['shipOrderId', 'createdAt', 'shipDate', 'status', 'labelType', 'service', 'tracking']);
    expect(rows.map((r) => r.shipOrderId)).toEqual([old.orderId, label.shipOrderId]);
    expect(rows[1]).toMatchObject({
      status: 'created',
      tracking: label.tracking,
      toName: 'Bo Receiver',
      price: '6.00',
      priceCents: '600',
      paymentMethod: 'credits',
    });
    expect(rows[1]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('neutralises names a spreadsheet would run as formulas', async () => {
    await creditWallet(ann, 2000);
    const body = sampleLabelOrder({
      from: sampleAddress('-2+3 Sender'),
      to: sampleAddress('=CMD|" /C calc"!A0', '10001', '@SUM(A1) Rd'),
    });
    const bought = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body });
    expect(bought.statusCode, bought.body).toBe(201);
    const [row] = (await rowsOf('GET /exports/orders.csv')).rows;

    expect(row).toMatchObject({ fromName: "'-2+3 Sender", toName: `'=CMD|" /C calc"!A0`, toStreet: "'@SUM(A1) Rd", price: '6.00' });
  });

  it("gives each side's company, second street line and phone a column beside its address", async () => {
    await creditWallet(ann, 2000);
    const body = sampleLabelOrder({
      from: { ...sampleAddress('Ann Sender'), company: 'Ann Crafts', street2: 'Suite 200', phone: '512.555.0100' },
      to: { ...sampleAddress('Bo Receiver', '10001', '2 Elm St'), street2: 'Apt 4' },
    });
    const bought = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body });
    expect(bought.statusCode, bought.body).toBe(201);
    const { header, rows } = await rowsOf('GET /exports/orders.csv');

    const address = (side: string) => ['Name', 'Company', 'Street', 'Street2', 'City', 'State', 'Zip', 'Country', 'Phone'].map((f) => side + f);
    expect(header.join()).toContain([...address('from'), ...address('to'), 'toEmail'].join());
    expect(rows[0]).toMatchObject({
      fromCompany: 'Ann Crafts',
      fromStreet2: 'Suite 200',
      fromPhone: '5125550100',
      toCompany: '',
      toStreet2: 'Apt 4',
      toPhone: '',
    });
  });

  it('keeps to the from/to days (US Eastern, both included) and refuses an inverted range', async () => {
    const old = await january(ann);
    const label = await buyLabel(ann);
    const today = todayInEastern();

    expect((await rowsOf('GET /exports/orders.csv', { from: '2026-01-10', to: '2026-01-10' })).rows.map((r) => r.shipOrderId)).toEqual([old.orderId]);
    expect((await rowsOf('GET /exports/orders.csv', { from: today })).rows.map((r) => r.shipOrderId)).toEqual([label.shipOrderId]);
    expect((await rowsOf('GET /exports/orders.csv', { to: '2026-01-09' })).rows).toEqual([]);

    const inverted = await send('GET /exports/orders.csv', { from: '2026-01-11', to: '2026-01-10' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json).toEqual({ message: EXPORT_RANGE_MESSAGE, fields: { to: EXPORT_RANGE_MESSAGE } });
    expect((await send('GET /exports/orders.csv', { from: '01/10/2026' })).statusCode).toBe(400);
  });

  it('with a `to` in the past, starts reading past it: newer rows are never read', async () => {
    const old = await january(ann);
    await buyLabel(ann);
    const read: string[] = [];
    // What the export's Queries read (the nothing-written check around the call scans the whole table).
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'QueryCommand') read.push(...((result.output as { Items?: { sk?: string }[] }).Items ?? []).map((i) => String(i.sk)));
        return result;
      },
      { step: 'initialize', name: 'recordExportReads' },
    );
    try {
      expect((await rowsOf('GET /exports/orders.csv', { to: '2026-01-10' })).rows.map((r) => r.shipOrderId)).toEqual([old.orderId]);
    } finally {
      db.middlewareStack.remove('recordExportReads');
    }
    expect(read.filter((sk) => sk.startsWith('ORDER#'))).toEqual([`ORDER#${old.orderId}`]);
  });

  it('is for verified users only', async () => {
    await expectVerifiedUserOnly((token) => send('GET /exports/orders.csv', {}, token), ann.otpToken);
  });
});

describe('GET /exports/transactions.csv', () => {
  it("exports the caller's ledger, oldest first, a debit as a negative number (not neutralised)", async () => {
    const old = await january(ann);
    const label = await buyLabel(ann);
    await buyLabel(bob);
    const { header, rows } = await rowsOf('GET /exports/transactions.csv');

    expect(header).toEqual(['entryId', 'createdAt', 'completedAt', 'type', 'status', 'amount', 'amountCents', 'creditType', 'provider', 'orderId', 'reason']);
    expect(rows.map((r) => [r.type, r.status, r.amount, r.amountCents])).toEqual([
      ['topup', 'pending', '15.00', '1500'],
      ['topup', 'completed', '20.00', '2000'],
      ['label', 'completed', '-6.00', '-600'],
    ]);
    expect(rows[0]?.entryId).toBe(old.entryId);
    expect(rows[2]?.orderId).toBe(label.shipOrderId);
    expect((await rowsOf('GET /exports/transactions.csv', { from: '2026-01-10', to: '2026-01-10' })).rows.map((r) => r.entryId)).toEqual([old.entryId]);
  });

  it("gives admins every user's top-ups with scope=all, and refuses it to users (403)", async () => {
    await Promise.all([buyLabel(ann), buyLabel(bob)]);
    const { header, rows } = await rowsOf('GET /exports/transactions.csv', { scope: 'all', from: todayInEastern() }, admin.token);

    expect(header.slice(0, 4)).toEqual(['entryId', 'userId', 'userName', 'userEmail']);
    expect(rows.every((r) => r.type === 'topup')).toBe(true);
    expect(rows.filter((r) => r.userId === ann.id || r.userId === bob.id).map((r) => [r.userEmail, r.amount])).toEqual(
      expect.arrayContaining([
        [ann.email, '20.00'],
        [bob.email, '20.00'],
      ]),
    );

    const refused = await send('GET /exports/transactions.csv', { scope: 'all' }, ann.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json).toEqual({ message: "Only admins may export every user's top-ups" });
    // An admin without scope=all exports their own ledger, like anyone.
    expect((await rowsOf('GET /exports/transactions.csv', {}, admin.token)).rows).toEqual([]);
  });

  it('is for verified users only', async () => {
    await expectVerifiedUserOnly((token) => send('GET /exports/transactions.csv', {}, token), ann.otpToken);
  });
});
