/**
 * Business figures as CloudWatch metrics (Powertools Metrics, embedded metric format: a JSON line
 * in the function's log that CloudWatch turns into a metric, no API call). The stack's dashboard and
 * alarms read them from the namespace in POWERTOOLS_METRICS_NAMESPACE; locally and in tests
 * POWERTOOLS_METRICS_DISABLED keeps them out of the output.
 *
 * The handler factory publishes what a request recorded when it ends (publishIfAny), so a handler
 * or a service only says what happened.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** The `service` dimension of every metric (what the dashboard selects). */
export const METRICS_SERVICE = 'prepaidship';

export const metrics = new Metrics({ serviceName: METRICS_SERVICE });

/** The names the dashboard reads (infra/constructs/monitoring.ts). */
export const BUSINESS_METRICS = ['LabelsBought', 'LabelsRefunded', 'TopUpsSettled', 'TopUpCents', 'PaymentFailures', 'LabelsSoldForClosedOrders'] as const;
type BusinessMetric = (typeof BUSINESS_METRICS)[number];

const count = (name: BusinessMetric, value = 1) => metrics.addMetric(name, MetricUnit.Count, value);

/** A label exists and is paid (by credits or card). */
export const labelBought = (labels = 1) => count('LabelsBought', labels);
/** The carrier failed after payment: the price went back to the wallet. */
export const labelRefunded = () => count('LabelsRefunded');
/**
 * The carrier sold a label for an order that had already failed and been refunded (a purchase that
 * outlived its lease): its refund was asked at the carrier, and the stack alarms on any.
 */
export const labelSoldForClosedOrder = () => count('LabelsSoldForClosedOrders');
/** A top-up credited the wallet. */
export const topUpSettled = (cents: number) => {
  count('TopUpsSettled');
  count('TopUpCents', cents);
};
/** A payment could not start, or the provider says it failed or expired. */
export const paymentFailed = () => count('PaymentFailures');

/**
 * Publishes what this request recorded. Only when there is something: Powertools' own logMetrics
 * middleware warns "No application metrics to publish" on every request that recorded none (most
 * of them: reads, sign-ins), which would fill the logs with noise.
 */
export function publishIfAny(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
