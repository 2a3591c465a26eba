/**
 * The CDK app: one stack per stage, chosen with `-c stage=dev|prod` (default dev), named
 * `PrepaidShip-<stage>`. Account and region come from the CLI's credentials at deploy time.
 */
import { App } from 'aws-cdk-lib';
import { PrepaidShipStack, type Stage } from './stack';

const app = new App();

const stage: unknown = app.node.tryGetContext('stage') ?? 'dev';
if (stage !== 'dev' && stage !== 'prod') {
  throw new Error(`Unknown stage "${String(stage)}": use -c stage=dev or -c stage=prod.`);
}

new PrepaidShipStack(app, `PrepaidShip-${stage}`, { stage: stage satisfies Stage });
