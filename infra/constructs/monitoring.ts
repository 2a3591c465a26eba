/**
 * Alarms and one dashboard. Every alarm notifies one SNS topic (with an email subscription when the
 * stage has an alarm email):
 * - API 5xx rate: more than 5% of API calls answered 5xx over 5 minutes, once there are 3 or more;
 * - Lambda errors of the route functions (summed in groups of 10, the most metrics one CloudWatch
 *   alarm may combine) and Lambda throttles in the account;
 * - DynamoDB throttles on the table and its indexes;
 * - webhook failures: any non-2xx answer on a webhook route, counted from the API access log. A
 *   provider retries those, and an unanswered payment event is money the wallet does not show.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_SERVICE } from '../../functions/observability/metrics';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';

/** The CloudWatch namespace of a stage's own metrics (the handlers publish theirs there too). */
export const metricsNamespace = (stage: string): string => `PrepaidShip/${stage}`;

export interface MonitoringProps {
  stage: string;
  api: HttpApi;
  /** The API stage's access log (JSON lines with routeKey and status). */
  accessLogs: ILogGroup;
  /** Route Lambdas by handler module name (`auth/login`). */
  functions: Map<string, IFunction>;
  /** The scheduled work's Lambda (recovery of interrupted purchases). */
  scheduledWork: IFunction;
  /** Batch labels' worker and its dead-letter queue. */
  batchWorker?: IFunction;
  /** The webhook worker and its dead-letter queue. */
  webhookWorker?: IFunction;
  webhookDeadLetters?: IQueue;
  batchDeadLetters?: IQueue;
  /** The Lambda that records SES bounces and complaints as suppressions. */
  mailFeedback?: IFunction;
  /** Route keys (`POST /stripe/webhook`) of the webhook routes. */
  webhookRouteKeys: string[];
  table: ITable;
  indexNames: string[];
  alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);
/** CloudWatch's limit on metrics inside one alarm's math expression. */
const METRICS_PER_ALARM = 10;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** One metric summing `metrics` (at most 10). */
function sum(metrics: IMetric[], label: string): MathExpression {
  const usingMetrics = Object.fromEntries(metrics.map((m, i) => [`m${i}`, m]));
  return new MathExpression({ expression: Object.keys(usingMetrics).join(' + ') || '0', usingMetrics, label, period: PERIOD });
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { api, table } = props;

    // Alarm notifications carry no secret; SSL only (cdk-nag SNS3).
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `PrepaidShip ${props.stage} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);

    const alarm = (name: string, metric: IMetric, threshold: number, description: string) => {
      const created = new Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        // No traffic is not a failure.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    // --- API 5xx rate, in percent; below 3 errors in 5 minutes it reads 0 so one failed call of two is no page.
    const requests = api.metricCount({ period: PERIOD, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const serverErrorRate = new MathExpression({
      expression: 'IF(errors >= 3, 100 * errors / requests, 0)',
      usingMetrics: { errors: serverErrors, requests },
      label: 'API 5xx rate (%)',
      period: PERIOD,
    });
    alarm('Api5xxRate', serverErrorRate, 5, 'More than 5% of API calls answered 5xx in 5 minutes (at least 3 errors).');

    // --- Lambda errors of the route functions (crashes, timeouts, init failures: the handler factory
    // turns every other error into a logged 500, which the 5xx alarm sees).
    const handlers = [...props.functions.keys()].sort();
    chunks(handlers, METRICS_PER_ALARM).forEach((group, i) => {
      const fns = group.map((h) => props.functions.get(h)!);
      alarm(
        `LambdaErrors${i + 1}`,
        sum(
          fns.map((f) => f.metricErrors({ period: PERIOD, statistic: 'Sum' })),
          `Lambda errors (${group[0]} .. ${group[group.length - 1]})`,
        ),
        1,
        `A route Lambda failed (crash, timeout or init error) in 5 minutes: ${group.join(', ')}.`,
      );
    });

    // --- The scheduled work: a failed run means interrupted purchases wait (jobs log their own
    // failures and still succeed, so this is a crash, a timeout or an init error).
    alarm(
      'ScheduledWorkErrors',
      props.scheduledWork.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      1,
      'The scheduled work Lambda failed (crash, timeout or init error) in 5 minutes: interrupted purchases are not being recovered.',
    );

    // --- Mail feedback: a failed run leaves a bounced or complaining address unsuppressed (Lambda
    // retries an SNS delivery twice, then drops it), so mail goes on to it and SES's reputation suffers.
    if (props.mailFeedback) {
      alarm(
        'MailFeedbackErrors',
        props.mailFeedback.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
        'The mail feedback Lambda failed (crash, timeout or init error) in 5 minutes: an SES bounce or complaint may not have been recorded as a suppression.',
      );
    }

    // --- Batch labels: a worker failing, and chunks given up on after 3 deliveries.
    if (props.batchWorker) {
      alarm(
        'BatchWorkerErrors',
        props.batchWorker.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
        'The batch worker Lambda failed (crash, timeout or init error) in 5 minutes: SQS delivers the chunk again; the rows are safe to buy twice.',
      );
    }
    if (props.batchDeadLetters) {
      alarm(
        'BatchDeadLetters',
        props.batchDeadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        1,
        "A batch chunk failed 3 times and rests in the batch dead-letter queue: the scheduled work resumes its batch, but look at the worker's logs.",
      );
    }

    // --- Webhooks to the shop: a worker failing (a failed POST is not one), and messages given up on.
    if (props.webhookWorker) {
      alarm(
        'WebhookWorkerErrors',
        props.webhookWorker.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
        'The webhook worker Lambda failed (crash, timeout or init error) in 5 minutes: SQS delivers the message again and the scheduled work sends due deliveries.',
      );
    }
    if (props.webhookDeadLetters) {
      alarm(
        'WebhookDeadLetters',
        props.webhookDeadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        1,
        "A webhook message failed 3 times and rests in the webhook dead-letter queue: the scheduled work sends its delivery again, but look at the worker's logs.",
      );
    }

    // --- Lambda throttles: concurrency is one pool per account and region, so the account-wide metric is
    // the one that matters (a burst anywhere in the account throttles these functions too).
    const throttles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period: PERIOD, statistic: 'Sum', label: 'Lambda throttles (account)' });
    alarm('LambdaThrottles', throttles, 1, "Lambda throttled invocations in this account and region in 5 minutes: the account's concurrency is exhausted.");

    // --- DynamoDB throttles, table and each index, reads and writes.
    const throttleMetrics = ['ReadThrottleEvents', 'WriteThrottleEvents'].flatMap((metricName) => [
      table.metric(metricName, { period: PERIOD, statistic: 'Sum' }),
      ...props.indexNames.map(
        (indexName) =>
          new Metric({
            namespace: 'AWS/DynamoDB',
            metricName,
            dimensionsMap: { TableName: table.tableName, GlobalSecondaryIndexName: indexName },
            period: PERIOD,
            statistic: 'Sum',
          }),
      ),
    ]);
    const dynamoThrottles = sum(throttleMetrics, 'DynamoDB throttle events');
    alarm('DynamoDbThrottles', dynamoThrottles, 1, 'DynamoDB throttled reads or writes on the table or an index in 5 minutes.');

    // --- Webhook failures: from the API access log, so a 4xx (a bad signature after a key rotation)
    // counts as much as a 5xx or a crashed Lambda.
    const namespace = metricsNamespace(props.stage);
    new MetricFilter(this, 'WebhookFailuresFilter', {
      logGroup: props.accessLogs,
      metricNamespace: namespace,
      metricName: 'WebhookFailures',
      metricValue: '1',
      filterPattern: FilterPattern.all(
        FilterPattern.numberValue('$.status', '>=', 300),
        FilterPattern.any(...props.webhookRouteKeys.map((key) => FilterPattern.stringValue('$.routeKey', '=', key))),
      ),
    });
    const webhookFailures = new Metric({ namespace, metricName: 'WebhookFailures', period: PERIOD, statistic: 'Sum', label: 'Webhook failures' });
    alarm('WebhookFailures', webhookFailures, 1, `A payment webhook (${props.webhookRouteKeys.join(', ')}) answered other than 2xx in 5 minutes.`);

    // --- A label the carrier sold for an order already refunded (a purchase that outlived its lease):
    // its refund was asked at the carrier, but each one is postage we may pay for, so any is a page.
    const soldForClosed = new Metric({
      namespace,
      metricName: 'LabelsSoldForClosedOrders',
      dimensionsMap: { service: METRICS_SERVICE },
      period: PERIOD,
      statistic: 'Sum',
      label: 'Labels sold for closed orders',
    });
    alarm(
      'LabelsSoldForClosedOrders',
      soldForClosed,
      1,
      'The carrier sold a label for an order already refunded: its refund was asked at the carrier; check the log line (REFUND AT CARRIER when it could not be asked).',
    );

    // --- One dashboard with the same signals, plus latency and capacity.
    const byHandler = (metric: (f: IFunction) => Metric) => handlers.map((h) => metric(props.functions.get(h)!).with({ label: h }));
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `PrepaidShip-${props.stage}`, defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 3 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API calls and errors',
        left: [
          requests.with({ label: 'calls' }),
          api.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' }),
          serverErrors.with({ label: '5xx' }),
        ],
        right: [serverErrorRate],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [api.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }), api.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' })],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda errors by route',
        left: byHandler((f) => f.metricErrors({ period: PERIOD, statistic: 'Sum' })),
        width: 12,
      }),
      new GraphWidget({
        title: 'Lambda duration p95 by route (ms)',
        left: byHandler((f) => f.metricDuration({ period: PERIOD, statistic: 'p95' })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          table.metricConsumedReadCapacityUnits({ period: PERIOD, statistic: 'Sum', label: 'read units' }),
          table.metricConsumedWriteCapacityUnits({ period: PERIOD, statistic: 'Sum', label: 'write units' }),
        ],
        right: [dynamoThrottles],
        width: 12,
      }),
      new GraphWidget({ title: 'Webhook failures and Lambda throttles', left: [webhookFailures, throttles], width: 12 }),
    );
    // --- Business figures the handlers publish (functions/observability/metrics.ts, Powertools EMF).
    const business = (name: (typeof BUSINESS_METRICS)[number], label: string) =>
      new Metric({ namespace, metricName: name, dimensionsMap: { service: METRICS_SERVICE }, period: PERIOD, statistic: 'Sum', label });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Labels and payments',
        left: [
          business('LabelsBought', 'labels bought'),
          business('LabelsRefunded', 'labels refunded'),
          business('TopUpsSettled', 'top-ups settled'),
          business('PaymentFailures', 'payment failures'),
        ],
        width: 12,
      }),
      new GraphWidget({ title: 'Top-ups settled (cents)', left: [business('TopUpCents', 'top-up cents')], width: 12 }),
    );
  }
}
