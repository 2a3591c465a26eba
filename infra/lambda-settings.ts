/**
 * Settings of every product Lambda that decide what it costs: its memory, and how X-Ray traces it
 * and so what X-Ray records. The stack (constructs/product-function.ts) and the cost bench
 * (bench/cost.ts) both read this module, so the bench prices what is deployed. No CDK import: the
 * bench loads it without aws-cdk-lib.
 *
 * Why PassThrough, not Active (docs/decisions/0173-tracing-passthrough.md):
 * - Nothing upstream samples: API Gateway HTTP APIs have no X-Ray support (REST APIs only), and
 *   EventBridge and our own SQS messages carry no sampled trace header. So a route Lambda with Active
 *   tracing decides alone, by Lambda's fixed rule (LAMBDA_ACTIVE_SAMPLING), which no X-Ray sampling
 *   rule changes. A function below 1 call a second (every function of this product, even at a
 *   million labels a month) records every call: $5 a million, a third of what a label cost to run.
 * - Without an X-Ray SDK in the bundles, a trace holds only Lambda's own segments (initialization,
 *   invocation, overhead) and is marked as a fault only for a crash or a timeout: the handler
 *   factory answers a handled error with a 500, a normal invocation to Lambda. The error's log line
 *   (route, request id, X-Ray trace id, stack) and the alarms (monitoring.ts) carry more than that
 *   trace did; Lambda's JSON platform report still logs every crash, timeout and cold start.
 * - An investigation can turn Active tracing on for one stage (`"tracing": "Active"` in cdk.json's
 *   stage context, or `-c tracing=Active`), at the price tracedShare() gives.
 */

/** The two X-Ray modes a product Lambda may have (Lambda's TracingConfig Mode). */
export type LambdaTracing = 'PassThrough' | 'Active';

/** Every product Lambda's mode unless the stage's context asks for Active (infra/app.ts). */
export const DEFAULT_LAMBDA_TRACING: LambdaTracing = 'PassThrough';

/**
 * Lambda's own sampling for Active tracing when no upstream decided: the first call each second,
 * then 5% of the rest. Lambda does not read X-Ray sampling rules for this (its documentation: "This
 * sampling rate cannot be configured for Lambda functions"), so an AWS::XRay::SamplingRule would
 * change nothing here; the stack makes none.
 */
export const LAMBDA_ACTIVE_SAMPLING = { reservoirPerSecond: 1, fixedRate: 0.05 } as const;

/**
 * The share of a function's calls that X-Ray records (and bills) when it takes `callsPerSecond`
 * calls a second that nothing upstream sampled: none with PassThrough; with Active, all of them up
 * to the reservoir, then the fixed rate of the rest.
 */
export function tracedShare(tracing: LambdaTracing, callsPerSecond: number): number {
  if (tracing === 'PassThrough') return 0;
  const { reservoirPerSecond, fixedRate } = LAMBDA_ACTIVE_SAMPLING;
  if (callsPerSecond <= reservoirPerSecond) return 1;
  return (reservoirPerSecond + fixedRate * (callsPerSecond - reservoirPerSecond)) / callsPerSecond;
}

/** Every product Lambda's memory (MB): the stack sets it, the cost bench prices GB-seconds with it. */
export const FUNCTION_MEMORY_MB = 512;
