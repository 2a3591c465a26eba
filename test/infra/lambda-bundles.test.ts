/**
 * What the Lambdas bundle. Of the AWS SDK: DynamoDB's document client and SSM's client (the secrets
 * at cold start) in every Lambda, S3, SES and SQS only in the Lambdas whose code calls them. Of zod
 * and of the answer schemas: a handler
 * needs its route's answer only as a type (domain/api/answers.ts, read with `import type`), so no
 * bundle holds the answers map, and a route that validates no body or query bundles no zod at all:
 * the runtime values its code uses (mappers, constants) live in modules without zod; the others
 * bundle zod/mini, never zod's classic API. One esbuild
 * build of every handler with the options the stack gives NodejsFunction (infra/lambda-bundling.ts).
 */
import { build, type Metafile } from 'esbuild';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../domain/api/routes';
import { esbuildOptionsOf, LAMBDA_BUNDLING } from '../../infra/lambda-bundling';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Routes without a body or query schema whose code still validates with zod, and why. */
const ZOD_AT_RUN_TIME: Record<string, string> = {
  // A paid batch's rows are checked again with the label form's schema before each label is bought.
  'POST /stripe/webhook': 'functions/batches/rows.ts (labelOrderSchema)',
};

/** The files each route's bundle holds bytes of, by route key. */
let shipped: Map<string, string[]>;
/** Each route's bundle as text, by route key. */
let text: Map<string, string>;

beforeAll(async () => {
  const result = await build({
    ...esbuildOptionsOf(LAMBDA_BUNDLING, 'node20'),
    entryPoints: Object.fromEntries(routes.map((r) => [r.handler, join(ROOT, 'functions/handlers', `${r.handler}.ts`)])),
    // Read from the metafile only: nothing is written.
    outdir: join(tmpdir(), 'prepaidship-lambda-bundles'),
    absWorkingDir: ROOT,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  shipped = new Map(
    routes.map((r) => {
      const output = Object.values(outputs).find((o) => o.entryPoint === `functions/handlers/${r.handler}.ts`);
      if (!output) throw new Error(`no output for ${r.handler}`);
      const files = Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file);
      return [routeKey(r), files];
    }),
  );
  text = new Map(
    routes.map((r) => {
      const [path] = Object.entries(outputs).find(([, o]) => o.entryPoint === `functions/handlers/${r.handler}.ts`)!;
      return [routeKey(r), result.outputFiles.find((file) => file.path === join(ROOT, path))!.text];
    }),
  );
}, 120_000);

describe('Lambda bundles', () => {
  // Each entry is its own export of domain/api/route-table.ts and the route list is built in a pure
  // expression: a bundle keeps its handler's entry, and no other entry or the schemas it names.
  it.each(routes.map((r) => [routeKey(r), r.handler] as const))('%s holds its own route entry and no other', (key, handler) => {
    const bundle = text.get(key)!;
    const entries = routes.map((r) => r.handler).filter((h) => bundle.includes(`handler:"${h}"`));
    expect(entries).toEqual([handler]);
  });

  it('never hold the answers map', () => {
    const holding = [...shipped].filter(([, files]) => files.includes('domain/api/answers.ts')).map(([key]) => key);
    expect(holding).toEqual([]);
  });

  // The body and query schemas are built with zod/mini (domain/schemas/zod.ts); the classic API
  // (every method on every schema) is only for the answer schemas, which no Lambda holds.
  it.each(['GET /api/counter', 'GET /auth/profile', 'GET /shipping/orders', 'GET /wallet/balance-history'])(
    '%s holds the DynamoDB and SSM clients and no other AWS SDK client',
    (key) => {
      const clients = new Set(shipped.get(key)!.flatMap((file) => /node_modules\/@aws-sdk\/(client-[a-z0-9]+|lib-dynamodb)\//.exec(file)?.[1] ?? []));
      expect([...clients].sort()).toEqual(['client-dynamodb', 'client-ssm', 'lib-dynamodb']);
    },
  );

  it("never hold zod's classic API", () => {
    const holding = [...shipped].filter(([, files]) => files.some((file) => file.includes('node_modules/zod/v4/classic/'))).map(([key]) => key);
    expect(holding).toEqual([]);
  });

  // A schema module's schemas are built as `/* @__PURE__ */ schema(...)` (domain/schemas/zod.ts), so
  // a bundle keeps only those its route uses: each one kept is built at every cold start.
  it.each([
    ['POST /auth/login', 'Password must be at least', ['Reset link is invalid', 'Name must be at least', '-character code']],
    [
      'GET /shipping/orders',
      'Search must be at most',
      ['type must be topup, label, refund, adjustment, withdrawal, dispute, card_refund or postage_adjustment', 'scope must be own or all'],
    ],
    ['POST /wallet/withdrawals', 'Please enter a valid amount.', ['Reason is required', 'Note is required']],
  ])("%s builds its own schema's checks and not its module siblings'", (key, own, others) => {
    const bundle = text.get(key)!;
    expect(bundle).toContain(own);
    expect(others.filter((message) => bundle.includes(message))).toEqual([]);
  });

  // The second factors' libraries go only where their ceremonies run: login and the mailed-code
  // routes learn which factors an account has from the table alone.
  const TOTP_ROUTES = ['POST /auth/verify-totp', 'POST /auth/totp/start', 'POST /auth/totp/confirm', 'POST /auth/totp/remove'];
  const PASSKEY_ROUTES = ['POST /auth/passkey/options', 'POST /auth/passkey/verify', 'POST /auth/passkeys/options', 'POST /auth/passkeys'];
  it.each([
    ['node_modules/otpauth/', TOTP_ROUTES],
    ['node_modules/@simplewebauthn/server/', PASSKEY_ROUTES],
  ])('only the routes that need it bundle %s', (library, expected) => {
    const holding = [...shipped].filter(([, files]) => files.some((file) => file.includes(library))).map(([key]) => key);
    expect(holding.sort()).toEqual([...expected].sort());
  });

  const bodyless = routes.filter((r) => !('body' in r) && !('query' in r)).map(routeKey);

  it.each(bodyless)('%s (no body or query schema) bundles no zod unless its code validates with it', (key) => {
    const zod = shipped.get(key)!.filter((file) => file.includes('node_modules/zod/'));
    if (key in ZOD_AT_RUN_TIME) expect(zod.length).toBeGreaterThan(0);
    else expect(zod).toEqual([]);
  });
});
