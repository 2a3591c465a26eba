/**
 * The product's scheduled work (functions/jobs/): one Lambda that EventBridge invokes every minute,
 * so an interrupted purchase is finished or refunded within two minutes of its lease expiring with no
 * one pressing anything. Overlapping runs are harmless (every step is conditional on the state it
 * read), so there is no lock; a run that fails is simply the next minute's work.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { ProductFunction, type ProductFunctionProps } from './product-function';

/** How often the work runs; the local front's interval (SCHEDULE_INTERVAL_SECONDS) stands for it. */
export const SCHEDULE_RATE = Duration.minutes(1);

export class ScheduledWork extends ProductFunction {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: Omit<ProductFunctionProps, 'description' | 'table' | 'timeout'>) {
    // 50 s: a run asks the carrier about a batch of orders, and must end before the next one starts.
    super(scope, id, {
      ...props,
      description: 'scheduled work (recovery of interrupted purchases, label refunds)',
      table: 'write',
      timeout: Duration.seconds(50),
    });
    this.rule = new Rule(this, 'Every', {
      description: 'PrepaidShip scheduled work: recovery of interrupted purchases, label refunds',
      schedule: Schedule.rate(SCHEDULE_RATE),
      // A failed invocation is not retried: the next minute's run does the same work anyway.
      targets: [new LambdaFunction(this.function, { retryAttempts: 0 })],
    });
  }
}
