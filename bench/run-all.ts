/**
 * `npm run bench`: prints measured figures next to their budgets, asserts nothing (the latest figures
 * are in docs/performance.md).
 * - web: JavaScript before `/` paints and all it loads, a first visit to /user-dashboard, Lighthouse
 *   mobile and desktop for `/`, on a fresh build of its own (landing.ts);
 * - each Lambda's minified bundle and cold module init against an SDK floor, a handler that only
 *   creates a DynamoDBDocumentClient (lambdas.ts);
 * - API latency through the local front with DynamoDB requests and capacity units per call (api.ts);
 * - what 1,000 labels cost to run in AWS, from measured capacity units and durations (cost.ts);
 * - what one run of the scheduled work (recovery) costs, idle and per recovered purchase (recovery.ts);
 * - a 500-row batch end to end: upload time, labels per second, merged PDF bytes per label (batch.ts);
 * - a carrier event applied, replayed or stale, and a poll run, in requests and write units (tracking.ts);
 * - a filtered shipments page over 3,000 orders: Queries, read units and time a page (search.ts);
 * - each label format of one label and a 500-label batch's PDF and letter layout, in time (label-formats.ts);
 * - a label's purchase to its webhook delivery, p95 against 2 s (webhooks.ts);
 * - the partition keys a simulated day writes, the busiest against one write per 8 labels for keys
 *   that many users share (heat.ts);
 * - a receipt's balance after and the 90-day balance history for a 100,000-entry shipper: items read
 *   and p95 time against 10 items and 100 ms (balances.ts).
 * Only api.ts starts DynamoDB Local in this process: handler modules keep the first environment
 * they see, so the others measure in child processes.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';

import { cpus, totalmem } from 'node:os';
import { apiFigures, printApiFigures } from './api';
import { costFigures } from './cost';
import { lambdaFigures, printLambdaFigures } from './lambdas';
import { recoveryFigures } from './recovery';
import { batchFigures } from './batch';
import { searchFigures } from './search';
import { labelFormatFigures } from './label-formats';
import { trackingFigures } from './tracking';
import { webFigures } from './landing';
import { webhookFigures } from './webhooks';
import { heatFigures } from './heat';
import { balanceFigures } from './balances';

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
await webFigures();
printLambdaFigures(await lambdaFigures());
printApiFigures(await apiFigures());
await costFigures();
await recoveryFigures();
await batchFigures();
await trackingFigures();
await searchFigures();
await labelFormatFigures();
await webhookFigures();
await heatFigures();
await balanceFigures();
