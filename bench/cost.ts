/**
 * `npx tsx bench/cost.ts` (or `await costFigures()` from run-all.ts): what one label costs to run in
 * AWS, from measured figures. One user's flow goes through the local front and the real handlers
 * against DynamoDB Local: sign up, a wallet top-up through the sandbox Stripe checkout (its webhook
 * included), then LABELS label purchases with credits, each followed by its PDF download. A first,
 * shorter pass of the same flow warms the modules and is not counted (a warm Lambda; cold starts are
 * left out).
 *
 * Measured: DynamoDB read and write units per call, indexes included (bench/dynamo-meter.ts;
 * DynamoDB Local sizes items as DynamoDB does), each handler's duration (server side, from request
 * to response, in the local front) and the label store's writes and reads (S3 PUT and GET in AWS).
 * Priced with public us-east-1 list prices (below) and what the stack deploys: the Lambdas' memory
 * and X-Ray mode come from infra/lambda-settings.ts, the module the stack reads. Prints each figure
 * next to its budget, asserts nothing.
 *
 * costFigures() runs the measurement in a child process: the handlers' modules keep their DynamoDB
 * endpoint and configuration for the life of a process, so it must be a fresh one.
 */
import { cpus } from 'node:os';
import { DEFAULT_LAMBDA_TRACING, FUNCTION_MEMORY_MB, LAMBDA_ACTIVE_SAMPLING, tracedShare, type LambdaTracing } from '../infra/lambda-settings';
import { measureInChild, measureWhenRunDirectly } from './child-measure';

/** Labels bought with one top-up: a $150 top-up covers 20 labels at the highest price, $7. */
const LABELS = 20;
const TOPUP_DOLLARS = 150;

/** The budget: what 1,000 labels may cost to run, in dollars. */
export const BUDGET_PER_1000_LABELS = 0.015;

/**
 * Monthly volumes the X-Ray line is priced at: Active tracing records a share that falls once a
 * function passes 1 call a second (infra/lambda-settings.ts), so the share depends on the traffic.
 * Calls are taken as spread evenly over a 30-day month (peaks above 1 a second record 5% of the excess).
 */
const MONTHLY_LABELS = [1_000, 1_000_000] as const;
const SECONDS_A_MONTH = 30 * 24 * 3600;

/**
 * Public list prices, us-east-1, checked November 2025 (aws.amazon.com/<service>/pricing). Free tiers
 * are left out, so the figure is what the traffic costs once they are used up.
 */
export const PRICES = {
  region: 'us-east-1',
  dynamoWriteRequestUnit: 0.625 / 1e6, // on-demand, per WRU (after the November 2024 halving)
  dynamoReadRequestUnit: 0.125 / 1e6, // on-demand, per RRU
  lambdaGbSecondArm: 0.0000133334, // arm64, first 7.5 billion GB-s a month
  lambdaRequest: 0.2 / 1e6,
  lambdaMemoryGb: FUNCTION_MEMORY_MB / 1024, // every product Lambda's memory, as the stack sets it (infra/lambda-settings.ts)
  httpApiRequest: 1.0 / 1e6, // HTTP API, first 300 million a month
  cloudFrontHttpsRequest: 0.01 / 1e4, // United States
  cloudFrontTransferGb: 0.085, // United States, first 10 TB
  s3Put: 0.005 / 1000, // S3 Standard PUT
  s3Get: 0.0004 / 1000, // S3 Standard GET
  xrayTraceRecorded: 5.0 / 1e6, // per trace recorded; how many are recorded: tracedShare() (infra/lambda-settings.ts)
} as const;

export interface CallFigures {
  route: string;
  calls: number;
  readUnits: number;
  writeUnits: number;
  meanMs: number;
  medianMs: number;
  responseBytes: number;
  /** Label store writes and reads per call (S3 PUT and GET in AWS). */
  s3Puts: number;
  s3Gets: number;
}

export interface CostFigures {
  labels: number;
  calls: CallFigures[];
  perLabel: { readUnits: number; writeUnits: number; lambdaMs: number; requests: number; pdfBytes: number; s3Puts: number; s3Gets: number };
  perTopUp: { readUnits: number; writeUnits: number; lambdaMs: number; requests: number };
  /** The X-Ray mode priced: the stack's default (infra/lambda-settings.ts). */
  tracing: LambdaTracing;
  /**
   * Dollars per 1,000 labels, by service, including one top-up per LABELS labels, with the stack's
   * X-Ray mode; X-Ray at the larger of MONTHLY_LABELS (the smaller records the same share or more,
   * see xrayByVolume).
   */
  per1000Labels: Record<'dynamodb' | 'lambda' | 'apiGateway' | 'cloudFront' | 's3' | 'xray' | 'total', number>;
  /** X-Ray per 1,000 labels at each monthly volume, with the stack's mode and with Active tracing (an investigation). */
  xrayByVolume: { labelsPerMonth: number; deployed: number; active: number }[];
  /** The total if Lambda took 3x the measured time (512 MB is about a third of a vCPU; this machine gives a full core). */
  per1000LabelsLambdaTimes3: number;
  machine: string;
}

// --------------------------------------------------------------------------------------------
// The measurement (runs in its own process).
// --------------------------------------------------------------------------------------------

interface Sample {
  route: string;
  ms: number;
  readUnits: number;
  writeUnits: number;
  bytes: number;
  s3Puts: number;
  s3Gets: number;
}

async function measure(): Promise<CostFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  // A bench has no browser to solve the proof of work; the captcha costs no table work either way
  // that matters per label (it runs at sign-up and sign-in only).
  process.env.CAPTCHA_PROVIDER = 'none';

  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-cost' });
  try {
    const { onDynamoUsage } = await import('./dynamo-meter');
    const { startFront } = await import('../infra/local/server');
    const { matchRoute } = await import('../infra/local/lambda-front');

    // Requests in flight, innermost last: the sandbox checkout's pay page calls the webhook route
    // through the front, and the webhook's table work belongs to the webhook.
    const inFlight: Sample[] = [];
    const samples: Sample[] = [];

    onDynamoUsage((usage) => {
      const current = inFlight.at(-1);
      if (!current) return;
      current.readUnits += usage.readUnits;
      current.writeUnits += usage.writeUnits;
    });

    // The label store the handlers use (one per process): count its writes and reads, S3 PUTs and GETs in AWS.
    const { getLabelStore } = await import('../functions/providers/registry/blobs');
    const store = getLabelStore();
    const put = store.put.bind(store);
    const get = store.get.bind(store);
    store.put = (...args) => {
      const current = inFlight.at(-1);
      if (current) current.s3Puts++;
      return put(...args);
    };
    store.get = (...args) => {
      const current = inFlight.at(-1);
      if (current) current.s3Gets++;
      return get(...args);
    };

    const front = await startFront({ port: 0, spa: 'none' });
    front.server.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://bench');
      const match = matchRoute(req.method ?? 'GET', url.pathname);
      const sample: Sample = {
        route:
          match.kind === 'route' ? `${match.route.method} ${match.route.path}` : `${req.method} ${url.pathname.replace(/\/[^/]*[0-9A-Z]{26}[^/]*/g, '/{id}')}`,
        ms: performance.now(),
        readUnits: 0,
        writeUnits: 0,
        bytes: 0,
        s3Puts: 0,
        s3Gets: 0,
      };
      inFlight.push(sample);
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      const count = (chunk: unknown) => {
        if (typeof chunk === 'string' || chunk instanceof Uint8Array) sample.bytes += Buffer.byteLength(chunk);
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => (count(chunk), (write as (...a: unknown[]) => boolean)(chunk, ...rest))) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => (count(chunk), (end as (...a: unknown[]) => typeof res)(chunk, ...rest))) as typeof res.end;
      res.on('finish', () => {
        sample.ms = performance.now() - sample.ms;
        inFlight.splice(inFlight.indexOf(sample), 1);
        samples.push(sample);
      });
    });

    try {
      /** One request; `T` is the JSON answer's shape (undefined when the answer is not JSON). */
      const call = async <T = unknown>(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
        const res = await fetch(front.url + path, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            accept: 'application/json',
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${Buffer.from(bytes).toString('utf8').slice(0, 300)}`);
        const type = res.headers.get('content-type') ?? '';
        return { bytes, json: type.includes('json') ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as T) : undefined };
      };

      const address = (name: string, street: string, city: string, state: string, zip: string) => ({ name, street, city, state, zip, country: 'US' });

      /** One shipper: sign up (code from the local outbox), one sandbox Stripe top-up, `labels` labels and their PDFs. */
      const flow = async (labels: number) => {
        const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const signup = await call<{ token: string }>('POST', '/auth/register', {
          name: 'Bench Shipper',
          email,
          password: 'Bench-pass-2026!',
          recaptchaToken: 'bench',
        });
        const outbox = await call<{ text: string }[]>('GET', `/_local/outbox?to=${encodeURIComponent(email)}`);
        const code = /Your verification code: (\w+)/.exec(outbox.json![0]?.text ?? '')?.[1];
        if (!code) throw new Error('no verification code in the local outbox');
        const session = await call<{ token: string }>('POST', '/auth/verify-otp', { email, otp: code }, signup.json!.token);
        const token = session.json!.token;

        // The sandbox pay page sends the Stripe-signed event to the real webhook route, as Stripe would.
        const checkout = await call<{ id: string }>('POST', '/stripe/create-checkout-session', { amount: TOPUP_DOLLARS }, token);
        await call('POST', `/_local/checkout/${encodeURIComponent(checkout.json!.id)}/pay`);

        for (let i = 0; i < labels; i++) {
          const bought = await call<{ label: { shipOrderId: string } }>(
            'POST',
            '/shipping/create-label',
            {
              labelType: 'usps_priority',
              weight: 2.5,
              length: 12,
              width: 8,
              height: 4,
              from: address('Ann Shipper', '417 Montgomery Street', 'San Francisco', 'CA', '94104'),
              to: address('Dr. Steve Brule', '179 N Harbor Dr', 'Redondo Beach', 'CA', '90277'),
              paymentMethod: 'credits',
            },
            token,
            { 'idempotency-key': `bench-${i}-${Date.now()}` },
          );
          await call('GET', `/shipping/download-order/${bought.json!.label.shipOrderId}`, undefined, token);
        }
      };

      // A warm-up flow loads every module and warms the JIT and connections, as a warm Lambda would be;
      // only the flow after it is measured.
      await flow(3);
      samples.length = 0;
      await flow(LABELS);
    } finally {
      await front.close();
    }
    return summarize(samples);
  } finally {
    await local.stop();
  }
}

function summarize(samples: Sample[]): CostFigures {
  const byRoute = new Map<string, Sample[]>();
  for (const s of samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
  const calls: CallFigures[] = [...byRoute].map(([route, list]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const mean = (f: (s: Sample) => number) => list.reduce((n, s) => n + f(s), 0) / list.length;
    return {
      route,
      calls: list.length,
      readUnits: mean((s) => s.readUnits),
      writeUnits: mean((s) => s.writeUnits),
      meanMs: mean((s) => s.ms),
      medianMs: ms[Math.floor(ms.length / 2)] as number,
      responseBytes: mean((s) => s.bytes),
      s3Puts: mean((s) => s.s3Puts),
      s3Gets: mean((s) => s.s3Gets),
    };
  });
  const get = (route: string) => {
    const found = calls.find((c) => c.route === route);
    if (!found) throw new Error(`no measurement for ${route}`);
    return found;
  };
  const perCall = (list: CallFigures[]) => ({
    readUnits: list.reduce((n, c) => n + c.readUnits, 0),
    writeUnits: list.reduce((n, c) => n + c.writeUnits, 0),
    lambdaMs: list.reduce((n, c) => n + c.meanMs, 0),
    requests: list.length,
  });
  const create = get('POST /shipping/create-label');
  const download = get('GET /shipping/download-order/{shipOrderId}');
  const perLabel = {
    ...perCall([create, download]),
    pdfBytes: download.responseBytes,
    s3Puts: create.s3Puts + download.s3Puts,
    s3Gets: create.s3Gets + download.s3Gets,
  };
  const perTopUp = perCall([get('POST /stripe/create-checkout-session'), get('POST /stripe/webhook')]);

  /**
   * X-Ray per 1,000 labels with `tracing` at `labelsPerMonth`: each route's calls a second at that
   * volume decide the share Lambda records (none with PassThrough; below 1 a second, all with Active).
   */
  const xray = (tracing: LambdaTracing, labelsPerMonth: number) => {
    // Every route of the flow is its own function, called once per label (or per top-up).
    const traces = (callsPer1000Labels: number, callsAMonth: number) => callsPer1000Labels * tracedShare(tracing, callsAMonth / SECONDS_A_MONTH);
    const perLabelTraces = perLabel.requests * traces(1000, labelsPerMonth);
    const perTopUpTraces = perTopUp.requests * traces(1000 / LABELS, labelsPerMonth / LABELS);
    return (perLabelTraces + perTopUpTraces) * PRICES.xrayTraceRecorded;
  };
  const xrayByVolume = MONTHLY_LABELS.map((labelsPerMonth) => ({
    labelsPerMonth,
    deployed: xray(DEFAULT_LAMBDA_TRACING, labelsPerMonth),
    active: xray('Active', labelsPerMonth),
  }));

  const cost = (lambdaFactor: number) => {
    const n = 1000;
    const topUps = n / LABELS;
    const reads = n * perLabel.readUnits + topUps * perTopUp.readUnits;
    const writes = n * perLabel.writeUnits + topUps * perTopUp.writeUnits;
    const requests = n * perLabel.requests + topUps * perTopUp.requests;
    const lambdaSeconds = ((n * perLabel.lambdaMs + topUps * perTopUp.lambdaMs) / 1000) * lambdaFactor;
    const browserRequests = n * perLabel.requests + topUps; // the webhook comes from Stripe, not through CloudFront
    const parts = {
      dynamodb: reads * PRICES.dynamoReadRequestUnit + writes * PRICES.dynamoWriteRequestUnit,
      lambda: requests * PRICES.lambdaRequest + lambdaSeconds * PRICES.lambdaMemoryGb * PRICES.lambdaGbSecondArm,
      apiGateway: requests * PRICES.httpApiRequest,
      cloudFront: browserRequests * PRICES.cloudFrontHttpsRequest + ((n * perLabel.pdfBytes) / 1024 ** 3) * PRICES.cloudFrontTransferGb,
      s3: n * (perLabel.s3Puts * PRICES.s3Put + perLabel.s3Gets * PRICES.s3Get),
      xray: xrayByVolume.at(-1)!.deployed,
    };
    return { ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
  };

  return {
    labels: LABELS,
    calls,
    perLabel,
    perTopUp,
    tracing: DEFAULT_LAMBDA_TRACING,
    per1000Labels: cost(1),
    xrayByVolume,
    per1000LabelsLambdaTimes3: cost(3).total,
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
  };
}

// --------------------------------------------------------------------------------------------
// Report.
// --------------------------------------------------------------------------------------------

const usd = (n: number) => `$${n < 0.01 ? n.toFixed(4) : n.toFixed(3)}`;
const SERVICES = ['dynamodb', 'lambda', 'apiGateway', 'cloudFront', 's3', 'xray'] as const;

export function formatCostReport(f: CostFigures): string {
  const lines = [
    `cost per label (measured, warm: 1 sign-up, 1 sandbox top-up of $${TOPUP_DOLLARS}, ${f.labels} labels with credits + downloads, DynamoDB Local; ${f.machine})`,
    '  route                                         calls   RRU/call  WRU/call  mean ms  median ms',
    ...f.calls.map(
      (c) =>
        `  ${c.route.padEnd(46)}${String(c.calls).padStart(5)}${c.readUnits.toFixed(1).padStart(11)}${c.writeUnits.toFixed(1).padStart(10)}${c.meanMs.toFixed(1).padStart(9)}${c.medianMs.toFixed(1).padStart(11)}`,
    ),
    `  per label (create + download): ${f.perLabel.readUnits.toFixed(1)} RRU, ${f.perLabel.writeUnits.toFixed(1)} WRU (indexes included), ${f.perLabel.lambdaMs.toFixed(0)} ms of Lambda, ` +
      `${f.perLabel.s3Puts} S3 PUT + ${f.perLabel.s3Gets} GET, ${f.perLabel.requests} API calls through CloudFront, PDF ${(f.perLabel.pdfBytes / 1024).toFixed(1)} kB`,
    `  per top-up (checkout + webhook): ${f.perTopUp.readUnits.toFixed(1)} RRU, ${f.perTopUp.writeUnits.toFixed(1)} WRU, ${f.perTopUp.lambdaMs.toFixed(0)} ms of Lambda (one per ${f.labels} labels)`,
    `  per 1,000 labels, ${PRICES.region} list prices, no free tier, X-Ray ${f.tracing} (infra/lambda-settings.ts): ${usd(f.per1000Labels.total)} (budget <= ${usd(BUDGET_PER_1000_LABELS)}: ` +
      `${f.per1000Labels.total <= BUDGET_PER_1000_LABELS ? 'met' : `over by ${usd(f.per1000Labels.total - BUDGET_PER_1000_LABELS)}`})`,
    `    ${SERVICES.map((k) => `${k} ${usd(f.per1000Labels[k])}`).join(', ')}; ${usd(f.per1000LabelsLambdaTimes3)} if Lambda runs 3x slower than here`,
    ...f.xrayByVolume.map(
      (v) =>
        `    X-Ray at ${v.labelsPerMonth.toLocaleString('en-US')} labels a month: ${usd(v.deployed)} per 1,000 labels (${f.tracing}); ` +
        `${usd(v.active)} with Active tracing (Lambda's fixed ${LAMBDA_ACTIVE_SAMPLING.reservoirPerSecond}/s + ${LAMBDA_ACTIVE_SAMPLING.fixedRate * 100}%: every call below 1/s)`,
    ),
    `  prices: DynamoDB on-demand $0.625/M WRU, $0.125/M RRU; Lambda arm64 $0.0000133334/GB-s (${FUNCTION_MEMORY_MB} MB) + $0.20/M requests; HTTP API $1.00/M;`,
    '          CloudFront $0.0100/10k HTTPS requests + $0.085/GB; S3 $0.005/1k PUT, $0.0004/1k GET; X-Ray $5.00/M traces',
  ];
  return lines.join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const costFigures = (): Promise<CostFigures> => measureInChild(import.meta.url, formatCostReport);

await measureWhenRunDirectly(import.meta.url, measure, formatCostReport);
