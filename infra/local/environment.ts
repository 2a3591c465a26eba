/**
 * Everything the local stack needs before any handler module loads: a DynamoDB (DynamoDB Local of
 * its own, or one that is already running), the table present, and the environment variables the
 * Lambdas read at cold start (functions/config.ts) pointing at them. Shared by `npm start`, the
 * integration tests and the browser tests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDynamoLocal, type RunningDynamo } from './dynamodb-local';
import { ensureTable } from './ensure-table';

export interface LocalEnvironment {
  /** DynamoDB Local as started here; undefined when the environment uses an existing DynamoDB. */
  dynamo: RunningDynamo | undefined;
  /** Where the table is: the started DynamoDB Local's URL, or the existing one's. */
  endpoint: string;
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
 * Makes the table and sets process.env for the handlers. With `endpoint`, in the DynamoDB already
 * answering there (another DynamoDB Local, a container, or AWS's with AWS_REGION and credentials),
 * starting none; without, in a DynamoDB Local of its own (data in `dataDir/dynamodb`, or in memory
 * without a dataDir), which stop() stops. Call before importing anything from functions/.
 */
export async function startLocalEnvironment(options: { dataDir?: string; tableName?: string; endpoint?: string } = {}): Promise<LocalEnvironment> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  const tableName = options.tableName ?? process.env.TABLE_NAME ?? 'prepaidship';
  const dynamo = options.endpoint ? undefined : await startDynamoLocal({ dataDir: dataDir && join(dataDir, 'dynamodb') });
  const endpoint = options.endpoint ?? dynamo!.endpoint;
  try {
    await ensureTable(endpoint, tableName);
  } catch (err) {
    await dynamo?.stop();
    throw new Error(`Cannot prepare the table ${tableName} at ${endpoint}: ${(err as Error).message}`, { cause: err });
  }
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_NAME: tableName,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    JWT_SECRET: localJwtSecret(dataDir),
    // No CloudWatch here: the business metrics' EMF lines would only clutter the terminal.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    // The seller printed on receipts: a sample one locally; AWS takes it from the stage's settings.
    SELLER_NAME: process.env.SELLER_NAME ?? 'PrepaidShip (local)',
    SELLER_ADDRESS: process.env.SELLER_ADDRESS ?? '100 Sample Street; New York, NY 10001; United States',
  });
  return { dynamo, endpoint, tableName, stop: async () => dynamo?.stop() };
}
