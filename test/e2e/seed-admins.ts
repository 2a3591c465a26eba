/**
 * `node --import tsx test/e2e/seed-admins.ts <dataDir>`: seeds the admins of SEED_ADMINS (JSON,
 * `[{ email, password }]`) into the local data folder `dataDir` the way `npm start` seeds its one
 * admin (infra/local/seed.ts), then stops. A test's own front started on that folder afterwards
 * has them beside its own ADMIN_EMAIL: no route makes an admin.
 */
import { startLocalEnvironment } from '../../infra/local/environment';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-admins.ts <dataDir>');
const admins = JSON.parse(process.env.SEED_ADMINS ?? '[]') as { email: string; password: string }[];

const env = await startLocalEnvironment({ dataDir });
try {
  // Imported only now: the data modules read the table and endpoint at module load.
  const { seedAdmin } = await import('../../infra/local/seed');
  for (const admin of admins) await seedAdmin(admin.email, admin.password);
} finally {
  await env.stop();
}
// The SDK's kept-alive sockets would hold the process open.
process.exit(0);
