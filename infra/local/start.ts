/**
 * `npm start` (Vite with hot reload) and `npm run serve` (the built SPA, `--static`): a DynamoDB
 * (its own DynamoDB Local with data in DATA_DIR, or the one DYNAMODB_ENDPOINT names), the table, the
 * seeded admin, and the front on one origin. Ctrl-C stops everything it started, its DynamoDB
 * Local's java process included, and nothing it did not.
 */
// Lambda runs Node 22; the SDK's notice about Node 20 on developer machines is only noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { resolve } from 'node:path';
import { hasJava, JAVA_MISSING } from './dynamodb-local';
import { startLocalEnvironment } from './environment';

// --api-only: the API without any SPA (the crash test drives the API alone; no build, no Vite).
const spa = process.argv.includes('--static') ? 'static' : process.argv.includes('--api-only') ? 'none' : 'dev';
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? '.data';

// Several fronts (or a front and a container) can share one DynamoDB: given one, start none.
const endpoint = process.env.DYNAMODB_ENDPOINT?.trim() || undefined;
if (!endpoint && !hasJava()) {
  console.error(JAVA_MISSING);
  process.exit(1);
}

let env: Awaited<ReturnType<typeof startLocalEnvironment>>;
try {
  env = await startLocalEnvironment({ dataDir, endpoint });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
if (endpoint) console.log(`Using the DynamoDB at ${endpoint} (table ${env.tableName}); no DynamoDB Local started`);
// Links in mails (the password reset link) point at this front; label PDFs live beside the data.
process.env.APP_URL ??= `http://localhost:${port}`;
// ...unless the person opened the front on another loopback name (127.0.0.1): then links follow the
// origin the front served, so a checkout returns to the origin whose storage holds the session.
process.env.TRUST_LOCAL_ORIGIN ??= 'true';
process.env.LABEL_DIR ??= resolve(dataDir, 'labels');
let stopping = false;
const stopAll: (() => Promise<void>)[] = [() => env.stop()];

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stopAll.reverse()) await stop().catch((err: unknown) => console.error(err));
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

try {
  // Imported only now: the handlers read their configuration (table, endpoint) at module load.
  const { seedAdmin, DEFAULT_ADMIN_EMAIL } = await import('./seed');
  const { startFront } = await import('./server');
  const { startScheduler } = await import('./scheduler');
  const seeded = await seedAdmin(process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL, process.env.ADMIN_PASSWORD || undefined);
  const front = await startFront({ port, spa, host: process.env.HOST });
  stopAll.push(() => front.close());
  // Recovery of interrupted purchases and the other scheduled work, as EventBridge runs it in AWS.
  const scheduler = startScheduler();
  stopAll.push(() => scheduler.stop());
  if (seeded.generatedPassword) {
    console.log(`Admin account created: ${seeded.email} / ${seeded.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`);
  }
  console.log(`PrepaidShip is running at ${front.url}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}
