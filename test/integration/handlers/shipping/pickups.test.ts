/**
 * Carrier pickups against DynamoDB Local, through the real handlers and the sandbox carrier: a
 * pickup is booked for the caller's usable labels and stored with the carrier's confirmation,
 * listed to its owner only, and canceled once; another user's labels or pickup, refunded labels,
 * a carrier that refuses and bad input change nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { todayInEastern } from '../../../../domain/ship-date';
import { db, tableName } from '../../../../functions/data/client';
import { saveAddress } from '../../../../functions/data/addresses';
import { ProviderUnavailable } from '../../../../functions/errors';
import { ALREADY_CANCELED } from '../../../../functions/shipping-day/pickups';
import { sampleAddress } from '../../../fixtures/label-order';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { buyLabel, invoke, newAccount, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { withoutWrites } from '../table-changes';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const HOME = sampleAddress('Ann Sender', '78701');

let ann: Account;
let bob: Account;
beforeEach(async () => {
  watchCarrierAnew();
  [ann, bob] = await Promise.all([newAccount('user', 'pickup'), newAccount('user', 'pickup')]);
});

const pickupBody = (orderIds: string[], over: Record<string, unknown> = {}) => ({
  date: todayInEastern(),
  windowStart: '09:00',
  windowEnd: '17:00',
  address: HOME,
  instructions: 'Side door',
  orderIds,
  ...over,
});
const book = (body: unknown, token: string | null = ann.token) => invoke('POST /shipping/pickups', { token: token ?? undefined, body });
const cancel = (id: string, token: string = ann.token) => invoke('DELETE /shipping/pickups/{id}', { token, params: { id } });
const stored = async (account: Account, id: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${account.id}`, sk: `PICKUP#${id}` }, ConsistentRead: true }))).Item;

describe('POST /shipping/pickups', () => {
  it("books a pickup with the carrier's confirmation, lists it to its owner only, and cancels it once", async () => {
    const [a, b] = await Promise.all([buyLabel(ann), buyLabel(ann)]);
    const saved = await saveAddress(ann.id, HOME);
    const res = await book(pickupBody([a.shipOrderId, b.shipOrderId], { address: saved.id }));
    expect(res.statusCode, res.body).toBe(201);
    const pickup = res.json as { id: string; confirmation: string };
    expect(res.json).toMatchObject({
      date: todayInEastern(),
      windowStart: '09:00',
      windowEnd: '17:00',
      address: { street: '1 Main St', zip: '78701' },
      instructions: 'Side door',
      orderIds: [a.shipOrderId, b.shipOrderId],
      labelCount: 2,
      status: 'scheduled',
      confirmation: expect.stringMatching(/^SBX/),
      canceledAt: null,
    });
    expect(res.json).not.toHaveProperty('carrierRef');
    expect(await stored(ann, pickup.id)).toMatchObject({ status: 'scheduled', confirmation: pickup.confirmation, carrierRef: `sandbox_pickup_${pickup.id}` });

    const list = await withoutWrites(() => invoke('GET /shipping/pickups', { token: ann.token }));
    expect((list.json?.pickups as { id: string }[]).map((p) => p.id)).toEqual([pickup.id]);
    expect((await invoke('GET /shipping/pickups', { token: bob.token })).json).toEqual({ pickups: [], nextCursor: null });

    // Bob cannot cancel Ann's pickup: a 404 like an unknown one, nothing changes.
    expect((await withoutWrites(() => cancel(pickup.id, bob.token))).statusCode).toBe(404);
    expect((await withoutWrites(() => cancel('not-a-ulid'))).statusCode).toBe(404);

    const canceled = await cancel(pickup.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json).toMatchObject({ id: pickup.id, status: 'canceled', canceledAt: expect.any(String) });
    expect(await stored(ann, pickup.id)).toMatchObject({ status: 'canceled' });
    expect(carrierWatch.cancelPickup).toHaveBeenCalledTimes(1);

    const twice = await withoutWrites(() => cancel(pickup.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json).toEqual({ message: ALREADY_CANCELED });
    expect(carrierWatch.cancelPickup).toHaveBeenCalledTimes(1);
  });

  it("refuses another user's labels, a refunded label and an address not saved, writing nothing", async () => {
    const [mine, refunded, bobs] = await Promise.all([buyLabel(ann), buyLabel(ann), buyLabel(bob)]);
    await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: refunded.shipOrderId } });
    expect((await withoutWrites(() => book(pickupBody([mine.shipOrderId, bobs.shipOrderId])))).statusCode).toBe(404);
    expect((await withoutWrites(() => book(pickupBody([refunded.shipOrderId])))).statusCode).toBe(409);
    expect((await withoutWrites(() => book(pickupBody([mine.shipOrderId], { address: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })))).statusCode).toBe(404);
    expect(carrierWatch.bookPickup).not.toHaveBeenCalled();
  });

  it('stores nothing when the carrier refuses the pickup', async () => {
    const { shipOrderId } = await buyLabel(ann);
    carrierWatch.bookPickup.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'pickup offered at $5.00, not free; not booked'));
    const res = await withoutWrites(() => book(pickupBody([shipOrderId])));
    expect(res.statusCode).toBe(502);
  });

  it('answers bad input with 400 and a clear error, writing nothing', async () => {
    const { shipOrderId } = await buyLabel(ann);
    for (const body of [
      {},
      pickupBody([]),
      pickupBody([shipOrderId], { windowStart: '17:00', windowEnd: '09:00' }),
      pickupBody([shipOrderId], { windowStart: '9am' }),
      pickupBody([shipOrderId], { date: '2020-01-01' }),
      pickupBody([shipOrderId], { address: { name: 'x' } }),
      pickupBody([shipOrderId], { instructions: 'a\nb' }),
      pickupBody([shipOrderId], { extra: true }),
    ]) {
      const res = await withoutWrites(() => book(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json?.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(carrierWatch.bookPickup).not.toHaveBeenCalled();
  });

  it('is for verified users only', async () => {
    await expectVerifiedUserOnly((token) => book(pickupBody(['01ARZ3NDEKTSV4RRFFQ69G5FAV']), token), ann.otpToken);
  });
});
