/**
 * Everything the local stack needs before any handler module loads: DynamoDB Local running, the
 * table present, and the environment variables the Lambdas read at cold start (functions/config.ts)
 * pointing at them. Shared by `npm start`, the integration tests and the browser tests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDynamoLocal, type RunningDynamo } from './dynamodb-local';
import { ensureTable } from './ensure-table';

export interface LocalEnvironment {
  dynamo: RunningDynamo;
  tableName: string;
  stop(): Promise<void>;
}

/**
 * The session-token key for local runs: taken from JWT_SECRET, else read from (or made once into)
 * DATA_DIR/jwt-secret so sign-ins survive a restart like the data does.
 */
function localJwtSecret(dataDir: string | undefined): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Starts DynamoDB Local (data in `dataDir/dynamodb`, or in memory without a dataDir), makes the
 * table and sets process.env for the handlers. Call before importing anything from functions/.
 */
export async function startLocalEnvironment(options: { dataDir?: string; tableName?: string } = {}): Promise<LocalEnvironment> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const tableName = options.tableName ?? process.env.TABLE_NAME ?? 'prepaidship';
  const dynamo = await startDynamoLocal({ dataDir: dataDir && join(dataDir, 'dynamodb') });
  try {
    await ensureTable(dynamo.endpoint, tableName);
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: tableName,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    JWT_SECRET: localJwtSecret(dataDir),
    // No CloudWatch here: the business metrics' EMF lines would only clutter the terminal.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    // The seller printed on receipts (issue 17): a sample one locally; AWS takes it from the stage's settings.
    SELLER_NAME: process.env.SELLER_NAME ?? 'PrepaidShip (local)',
    SELLER_ADDRESS: process.env.SELLER_ADDRESS ?? '100 Sample Street; New York, NY 10001; United States',
  });
  return { dynamo, tableName, stop: () => dynamo.stop() };
}
