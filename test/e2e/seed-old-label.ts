/**
 * `node --import tsx test/e2e/seed-old-label.ts <dataDir>`: seeds into the local data folder
 * `dataDir` a shipper who, SEED_DAYS_AGO days ago, signed up (SEED_SHIPPER, JSON
 * `{ name, email, password }`), topped up $25 by card and bought a $6 USPS Priority label with
 * credits (SEED_ORDER, JSON `{ from, to }` addresses), then stops. It runs the real modules with this
 * process's clock set that many days back, so every record (the account, the top-up, the order, its
 * ledger entries, its place in the auto-refund queue) is dated as if it happened then: no route buys
 * in the past, and moving one date of a finished purchase would leave the others behind.
 */
import { join } from 'node:path';
import { startLocalEnvironment } from '../../infra/local/environment';

const DAY_MS = 86_400_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-old-label.ts <dataDir>');
const daysAgo = Number(process.env.SEED_DAYS_AGO);
if (!Number.isInteger(daysAgo) || daysAgo < 1) throw new Error('SEED_DAYS_AGO must be a whole number of days');
const shipper = JSON.parse(process.env.SEED_SHIPPER ?? '{}') as { name: string; email: string; password: string };
const order = JSON.parse(process.env.SEED_ORDER ?? '{}') as { from: object; to: object };

/** Sets this process's clock `ms` back: `new Date()` and `Date.now()` read it, and it keeps moving. */
function setClockBack(ms: number) {
  const RealDate = Date;
  class PastDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() - ms);
      else super(...args);
    }
    static override now() {
      return RealDate.now() - ms;
    }
  }
  globalThis.Date = PastDate as DateConstructor;
}

const env = await startLocalEnvironment({ dataDir });
// Where the front started on this folder keeps label files (infra/local/start.ts).
process.env.LABEL_DIR = join(dataDir, 'labels');
setClockBack(daysAgo * DAY_MS);
try {
  // Imported only now: the data modules read the table and endpoint at module load.
  const { createUser } = await import('../../functions/data/users');
  const { hashPassword } = await import('../../functions/security/passwords');
  const { creditWallet } = await import('../integration/wallet-credit');
  const { buyWithCredits } = await import('../../functions/labels/credit-orders');
  const { logger } = await import('../../functions/observability/logger');
  const { labelOrderSchema } = await import('../../domain/schemas/labels');
  const user = await createUser({ name: shipper.name, email: shipper.email, passwordHash: await hashPassword(shipper.password), role: 'user', verified: true });
  await creditWallet(user, 2500);
  const body = labelOrderSchema.parse({ labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, ...order, paymentMethod: 'credits' });
  await buyWithCredits(user.id, body, `seed-${Date.now()}`, logger);
} finally {
  await env.stop();
}
// The SDK's kept-alive sockets would hold the process open.
process.exit(0);
