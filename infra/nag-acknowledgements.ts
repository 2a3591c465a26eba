/**
 * Every cdk-nag (AwsSolutionsChecks) finding this stack accepts, each on the narrowest construct that
 * raises it and each with the reason it is acceptable. Anything else cdk-nag reports fails
 * `cdk synth` (infra/app.ts registers the checks) and the infra tests. Findings on IAM wildcards are
 * acknowledged one by one (cdk-nag v3 has no blanket form), so a new wildcard always surfaces.
 */
import { type CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import type { Access } from '../domain/api/routes';
import type { ProductFunction } from './constructs/product-function';
import type { RouteFunction } from './constructs/route-function';
import type { BatchQueue } from './constructs/batch-worker';
import type { WebhookQueue } from './constructs/webhook-worker';

export interface NagScope {
  table: Table;
  labelBucket: Bucket;
  siteBucket: Bucket;
  distribution: Distribution;
  routeFunctions: RouteFunction[];
  /** The product's Lambdas that are not routes (the scheduled work). */
  otherFunctions: ProductFunction[];
  /** Batch labels' queue and its dead-letter queue. */
  batchQueue: BatchQueue;
  /** Webhooks' queue and its dead-letter queue. */
  webhookQueue: WebhookQueue;
  /** A custom domain with its own certificate (TLS 1.2 minimum) is configured. */
  customDomain: boolean;
}

/** Why a route has no API Gateway authorizer: the handler factory checks exactly what its access level says. */
const NO_AUTHORIZER: Record<Access, string> = {
  public: 'Public route by design (SPEC): anyone may call it; the sign-in and sign-up routes also check a captcha.',
  otp: 'The handler factory (functions/http/handler.ts) verifies the sign-in JWT from the Authorization header before the handler runs.',
  user: 'The handler factory (functions/http/handler.ts) verifies the session JWT (signature, issuer, audience, scope) before the handler runs.',
  admin: 'The handler factory (functions/http/handler.ts) verifies the session JWT and the admin role before the handler runs.',
  webhook:
    'Payment provider webhook: reachable without auth on purpose; the handler verifies the provider signature (Stripe) or re-reads the payment from the provider (Hoodpay).',
};

const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

/**
 * How cdk-nag names an ARN reference inside a finding id: `<LogicalId.Arn>` in the resource's own stack,
 * and in a nested stack (the route Lambdas) the parameter CDK makes to pass the ARN down.
 */
const arnRef = (resource: IConstruct, from: IConstruct = resource) => {
  const cfn = resource.node.defaultChild as CfnElement;
  return Stack.of(from) === Stack.of(resource) ? `<${Stack.of(resource).getLogicalId(cfn)}.Arn>` : `<referenceto${Names.nodeUniqueId(cfn.node)}Arn>`;
};

export function acknowledgeNagFindings(stack: Stack, scope: NagScope): void {
  const { distribution, table, labelBucket, siteBucket } = scope;

  // --- CloudFront.
  ack(
    distribution,
    'AwsSolutions-CFR1',
    'No geo restriction: customers ship inside the US but may sign in from anywhere (travel, VPNs); abuse is bounded by the API throttle, captcha and lockouts.',
  );
  ack(
    distribution,
    'AwsSolutions-CFR2',
    'No WAF yet: a web ACL costs more than the whole stack at launch traffic; the API stage is throttled, sign-up and sign-in need a captcha, and sign-in locks out after 5 failures. Add AWS WAF when abuse shows.',
  );
  if (!scope.customDomain) {
    ack(
      distribution,
      'AwsSolutions-CFR4',
      'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1; set domainName and certificateArn (cdk.json) to get TLSv1.2_2021.',
    );
  }

  // --- The product's Lambdas (routes and scheduled work).
  const tableIndexes = (fn: IConstruct) => `AwsSolutions-IAM5[Resource::${arnRef(table, fn)}/index/*]`;
  const labelObjects = (fn: IConstruct) => `AwsSolutions-IAM5[Resource::${arnRef(labelBucket, fn)}/*]`;
  for (const fn of scope.routeFunctions) ack(fn, 'AwsSolutions-APIG4', NO_AUTHORIZER[fn.route.access]);
  for (const fn of [...scope.routeFunctions, ...scope.otherFunctions]) {
    ack(
      fn,
      'AwsSolutions-L1',
      'Node.js 22 on purpose: the project targets nodejs22.x (TOOLCHAIN.md) so the Lambda runs what the tests run on; AWS supports it until 2027.',
    );
    ack(
      fn,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray (PassThrough, or Active for an investigation: infra/lambda-settings.ts): xray:PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
    );
    if (fn.table !== 'none') {
      ack(fn, tableIndexes(fn), "Queries on the table's own global secondary indexes (gsi1, gsi2, gsi3): the grant covers this table's indexes only.");
    }
    if (fn.usage.labelStore) {
      ack(fn, labelObjects(fn), 'Label PDFs are one object per order under keys made at purchase time; the grant covers objects of the label bucket only.');
    }
    if (fn.usage.mail) {
      ack(
        fn,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]`,
        "SES checks ses:SendEmail against the sender's identity and, in the SES sandbox, every recipient's; those identities are verified by the operator after deploy, so they cannot be named here.",
      );
    }
  }

  // --- Batch labels' dead-letter queue: the end of the line, it has no dead-letter queue of its own.
  ack(
    scope.batchQueue.deadLetters,
    'AwsSolutions-SQS3',
    "The batch queue's dead-letter queue: messages that failed 3 times rest here (alarmed) while the scheduled work resumes their batch.",
  );
  ack(
    scope.webhookQueue.deadLetters,
    'AwsSolutions-SQS3',
    "The webhook queue's dead-letter queue: messages that failed 3 times rest here (alarmed) while the scheduled work sends their delivery again.",
  );

  // --- BucketDeployment's singleton Lambda (CDK's own construct).
  const deployer = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (deployer) {
    // Its role, runtime and policy are generated by aws-cdk-lib and run only during a deploy.
    const cdkOwned =
      "CDK's BucketDeployment handler (runs only during a deploy): copies the web build from the CDK asset bucket into the site bucket and invalidates CloudFront (cloudfront:CreateInvalidation has no resource-level form); role, runtime and policy are generated by aws-cdk-lib.";
    for (const finding of [
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-L1',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      `AwsSolutions-IAM5[Resource::${arnRef(siteBucket)}/*]`,
      'AwsSolutions-IAM5[Resource::*]',
    ]) {
      ack(deployer, finding, cdkOwned);
    }
  }
}
