/**
 * The CDK stack against the route table and the table definition: one Lambda and one API route per
 * entry with exactly the access its route and code need, the table's keys and protections, private
 * buckets, CloudFront sending exactly the API prefixes to API Gateway with the security headers, no
 * secret anywhere in the template, alarms, and cdk-nag's AWS Solutions checks with nothing left
 * unacknowledged. Bundling is skipped (context `aws:cdk:bundling-stacks: []`) so a synth takes
 * seconds; `npm run synth` covers the real esbuild bundling.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, NestedStack, type Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/data/table';
import { apiPathPatterns, routeKey, routes } from '../../domain/api/routes';
import { keyScopeOf } from '../../domain/api/key-scope';
import { SECRET_NAMES, SECRETS_PREFIX_VARIABLE, SECRETS_USED_VARIABLE } from '../../functions/secrets-loader';
import { constructIdFor, ROUTE_TAG } from '../../infra/constructs/route-function';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../../infra/local/security-headers';
import { handlerUsage } from '../../infra/handler-usage';
import { PrepaidShipStack, type PrepaidShipStackProps, type Stage } from '../../infra/stack';
import { DEFAULT_LAMBDA_TRACING, FUNCTION_MEMORY_MB } from '../../infra/lambda-settings';

/** CloudFront's managed policy ids (the same in every account). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const DYNAMODB_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
];

/**
 * A resource of the synthesized template. `P` is the part of its properties a test reads, written
 * per resource type below; the rest of the JSON is left to expect()'s matchers.
 */
type Resource<P = Record<string, unknown>> = { Type: string; Properties: P; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Principal?: unknown; Condition?: unknown };
type Ref = { Ref: string };
type PolicyDocument = { Statement: Statement[] };

/** The properties these tests read, by resource type. */
interface Read {
  'AWS::Lambda::Function': {
    Tags?: { Key: string; Value: string }[];
    Role: { 'Fn::GetAtt': [string, string] };
    Environment?: { Variables: Record<string, unknown> };
    LoggingConfig: { LogGroup: Ref };
    Description?: string;
  };
  'AWS::IAM::Policy': { Roles: Partial<Ref>[]; PolicyDocument: PolicyDocument };
  'AWS::ApiGatewayV2::Route': { RouteKey: string; AuthorizationType?: string };
  'AWS::ApiGatewayV2::Stage': { AccessLogSettings: { Format: string } };
  'AWS::S3::Bucket': Record<string, unknown>;
  'AWS::S3::BucketPolicy': { Bucket: Ref; PolicyDocument: PolicyDocument };
  'AWS::CloudFront::Distribution': { DistributionConfig: DistributionConfig };
  'AWS::CloudFront::Function': { FunctionCode: string };
  'AWS::CloudFront::ResponseHeadersPolicy': {
    ResponseHeadersPolicyConfig: { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: CfnString; Override: boolean } } };
  };
  'AWS::CloudWatch::Alarm': {
    Metrics?: { MetricStat?: { Metric: { Dimensions: { Value: { 'Fn::GetAtt'?: [string, string] } }[] } } }[];
    AlarmActions?: unknown;
    OKActions?: unknown;
  };
  'AWS::CloudWatch::Dashboard': { DashboardBody: string | { 'Fn::Join': [string, unknown[]] } };
  'AWS::Logs::MetricFilter': { FilterPattern: string };
  'AWS::DynamoDB::Table': Record<string, unknown>;
  'AWS::SNS::Topic': Record<string, unknown>;
  'AWS::SQS::Queue': Record<string, unknown>;
  'AWS::SQS::QueuePolicy': Record<string, unknown>;
  'Custom::CDKBucketDeployment': Record<string, unknown>;
}
type CacheBehavior = { PathPattern?: string; FunctionAssociations?: unknown; ResponseHeadersPolicyId?: unknown };
type DistributionConfig = {
  Origins: { Id: string; CustomOriginConfig?: { OriginProtocolPolicy: string }; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
  CacheBehaviors: CacheBehavior[];
  DefaultCacheBehavior: CacheBehavior;
  Logging: { Bucket: unknown };
  DefaultRootObject?: string;
  CustomErrorResponses?: unknown;
  Aliases?: string[];
  ViewerCertificate?: unknown;
};

/** A string the template may build with Fn::Join (the CSP names the label bucket's domain). */
type CfnString = string | { 'Fn::Join': [string, (string | { 'Fn::GetAtt': [string, string] })[]] };
/** Stands for the label bucket's regional domain in a CSP read from the template. */
const LABEL_BUCKET_DOMAIN = 'LABEL-BUCKET-REGIONAL-DOMAIN';
/** The text of `value`, the label bucket's regional domain written as LABEL_BUCKET_DOMAIN. */
function cspText(value: CfnString): string {
  if (typeof value === 'string') return value;
  const [separator, parts] = value['Fn::Join'];
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const [id, attribute] = part['Fn::GetAtt'];
      expect(id.startsWith('LabelBucket') && attribute === 'RegionalDomainName', `${id}.${attribute}`).toBe(true);
      return LABEL_BUCKET_DOMAIN;
    })
    .join(separator);
}

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway web build with just the SPA shell. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'prepaidship-web-'));
  tempDirs.push(dir);
  writeFileSync(path.join(dir, 'app.html'), '<!doctype html><title>PrepaidShip</title>');
  return dir;
}

/**
 * Synthesizes the stack with cdk.json's feature flags and the stage's settings and secrets, as
 * `cdk synth -c stage=<stage>` would, minus bundling; `props` replace any of them.
 */
function synthStack(stage: Stage, props: Partial<PrepaidShipStackProps> = {}): { app: App; stack: PrepaidShipStack; template: Template } {
  const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));
  const { settings, secrets } = context.prepaidship[stage] as Pick<PrepaidShipStackProps, 'settings' | 'secrets'>;
  // Without an outdir the App writes its assembly to a fresh cdk.out* folder in the temp dir and leaves it there.
  const outdir = mkdtempSync(path.join(tmpdir(), 'prepaidship-cdk-out-'));
  tempDirs.push(outdir);
  const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new PrepaidShipStack(app, `PrepaidShip-${stage}`, { stage, webAssetsDir: fakeWebBuild(), settings, secrets, ...props });
  return { app, stack, template: withNestedResources(stack) };
}

/**
 * The stack's template with the resources of its nested stacks (the route Lambdas, one nested stack
 * per area) added, so a test reads the product's resources wherever they live. Outputs and parameters
 * stay the top stack's own.
 */
function withNestedResources(stack: Stack): Template {
  const top = Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> };
  const nested = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
  const merged = Object.assign({}, top.Resources, ...nested.map((n) => Template.fromStack(n).toJSON().Resources as Record<string, Resource>));
  return Template.fromJSON({ ...top, Resources: merged });
}
const synth = (stage: Stage, props: Partial<PrepaidShipStackProps> = {}) => synthStack(stage, props).template;

const dev = synthStack('dev', { alarmEmail: 'ops@example.com', settings: { MAIL_FROM: 'PrepaidShip <no-reply@example.com>', SECRETS_REVISION: '2' } });
const template = dev.template;
const resources = template.toJSON().Resources as Record<string, Resource>;
const usage = handlerUsage(
  fileURLToPath(new URL('../..', import.meta.url)),
  routes.map((r) => r.handler),
);

/** The template's resources of one type, with the properties these tests read typed. */
const ofType = <T extends keyof Read>(type: T, from: Record<string, Resource> = resources): [string, Resource<Read[T]>][] =>
  Object.entries(from).filter((entry): entry is [string, Resource<Read[T]>] => entry[1].Type === type);

/** The route Lambdas (other constructs such as BucketDeployment bring Lambdas of their own), by handler. */
function routeFunctions(): Map<string, Resource<Read['AWS::Lambda::Function']>> {
  const byHandler = new Map<string, Resource<Read['AWS::Lambda::Function']>>();
  for (const [, fn] of ofType('AWS::Lambda::Function')) {
    const tag = (fn.Properties.Tags ?? []).find((t) => t.Key === ROUTE_TAG);
    if (tag) byHandler.set(tag.Value, fn);
  }
  return byHandler;
}

/** One route's Lambda. */
const routeFunction = (handler: string) => routeFunctions().get(handler)!;

/** Every statement of every policy on a route's Lambda role. */
function statementsOf(handler: string): Statement[] {
  const roleId = routeFunctions().get(handler)?.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .map(([, p]) => p)
    .filter((p) => p.Properties.Roles.some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

const actionsIn = (statements: Statement[]): string[] => statements.flatMap((s) => s.Action);

/** The one write a read-only route may make: its session's lastUsedAt, and no other attribute. */
const isSessionUse = (st: Statement) =>
  JSON.stringify(st.Action) === '"dynamodb:UpdateItem"' &&
  JSON.stringify(st.Condition) ===
    JSON.stringify({
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
      StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
    });
/** The other write a read-only route an API key reaches may make: the key's rate window items, and no other item. */
const isKeyRate = (st: Statement) =>
  JSON.stringify(st.Action) === '"dynamodb:UpdateItem"' &&
  JSON.stringify(st.Condition) ===
    JSON.stringify({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#api-key#*'] },
      StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
    });
const actionsOf = (handler: string): string[] => actionsIn(statementsOf(handler));

describe('route Lambdas and API routes', () => {
  it('makes exactly one Lambda per route-table entry', () => {
    const functions = routeFunctions();
    expect(functions.size).toBe(routes.length);
    expect([...functions.keys()].sort()).toEqual(routes.map((r) => r.handler).sort());
  });

  it('gives every route Lambda the shared runtime, limits, tracing and environment', () => {
    for (const [handler, fn] of routeFunctions()) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Timeout: 10,
        MemorySize: 512,
        LoggingConfig: { LogFormat: 'JSON' },
        TracingConfig: { Mode: 'PassThrough' },
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.any(String) },
            MAIL_PROVIDER: 'ses',
            MAIL_FROM: 'PrepaidShip <no-reply@example.com>',
            [SECRETS_PREFIX_VARIABLE]: '/prepaidship/dev/',
            // The distribution lives in the top stack: a nested stack gets its domain as a parameter.
            APP_URL: { 'Fn::Join': ['', ['https://', { Ref: expect.stringMatching(/Distribution\w*DomainName$/) }]] },
          },
        },
      });
      expect(fn.Properties.Description).toBe(routeKey(routes.find((r) => r.handler === handler)!));
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('makes one API Gateway route per entry with the exact "METHOD /path" key', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it('leaves every route, webhooks included, without an API Gateway authorizer (handlers verify the JWT themselves)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    for (const [, r] of ofType('AWS::ApiGatewayV2::Route')) expect(r.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    const webhooks = routes.filter((r) => r.access === 'webhook').map(routeKey);
    expect(webhooks.length).toBeGreaterThan(0);
    for (const key of webhooks) expect(ofType('AWS::ApiGatewayV2::Route').some(([, r]) => r.Properties.RouteKey === key)).toBe(true);
  });

  it('throttles the one API stage and writes JSON access logs with route and status', () => {
    const stages = ofType('AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const stage = stages[0]![1].Properties;
    expect(stage).toMatchObject({ StageName: '$default', AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 } });
    const line = JSON.parse(stage.AccessLogSettings.Format.replace('$context.status', '200'));
    expect(line).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: 200 });
    synth('prod').hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 } });
  });
});

describe('each Lambda gets only what it uses', () => {
  it('grants table writes only to routes whose entry says write, and no table access to `none` routes', () => {
    for (const route of routes) {
      const actions = actionsOf(route.handler);
      const writes = actionsIn(statementsOf(route.handler).filter((st) => !isSessionUse(st) && !isKeyRate(st))).filter((a) => DYNAMODB_WRITES.includes(a));
      if (route.table === 'write') expect(writes, route.handler).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
      else expect(writes, route.handler).toEqual([]);
      if (route.table === 'none')
        expect(
          actions.filter((a) => a.startsWith('dynamodb:')),
          route.handler,
        ).toEqual([]);
      if (route.table === 'read') expect(actions, route.handler).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    }
  });

  it('gives every GET route read-only table access, but the one the contract declares as writing', () => {
    // GET /shipping/savings writes once per user (the first read counts the labels bought
    // before savings were kept); a label's download, a batch's and a mailed return label's link
    // record the first download (docs/decisions/0208-undownloaded-labels-credited-at-once.md) and keep
    // the files they make (a label's PNG or ZPL, a batch's letter pages, a batch file too large for
    // one answer); any other GET that writes must be a conscious choice listed here.
    const writingGets = routes.filter((r) => r.method === 'GET' && r.table === 'write').map((r) => r.handler);
    expect(writingGets.sort()).toEqual([
      'shipping/batches/get-batch-labels',
      'shipping/download-order',
      'shipping/download-return-label',
      'shipping/get-savings',
    ]);
    const gets = routes.filter((r) => r.method === 'GET' && r.table !== 'write');
    expect(gets.length).toBeGreaterThan(5);
    for (const route of gets)
      expect(
        actionsIn(statementsOf(route.handler).filter((st) => !isSessionUse(st) && !isKeyRate(st))).filter((a) => DYNAMODB_WRITES.includes(a)),
        route.handler,
      ).toEqual([]);
  });

  it("lets every signed-in read-only route record its session's use (lastUsedAt only), and no public one", () => {
    for (const route of routes.filter((r) => r.table === 'read')) {
      const sessionUse = statementsOf(route.handler).filter(isSessionUse);
      expect(sessionUse, route.handler).toHaveLength(['otp', 'user', 'admin'].includes(route.access) ? 1 : 0);
    }
    expect(routes.filter((r) => r.table === 'read' && r.access === 'user').length).toBeGreaterThan(5);
  });

  it("lets every read-only route an API key reaches count the key's requests (its rate items only), and no other", () => {
    for (const route of routes.filter((r) => r.table === 'read')) {
      expect(statementsOf(route.handler).filter(isKeyRate), route.handler).toHaveLength(keyScopeOf(route) === 'none' ? 0 : 1);
    }
    expect(routes.filter((r) => r.table === 'read' && keyScopeOf(r) !== 'none').length).toBeGreaterThan(5);
  });

  it('gives the label bucket only to handlers whose code stores or reads labels: PutObject to purchases and to the downloads that keep the files they make', () => {
    const withS3: string[] = routes.filter((r) => actionsOf(r.handler).some((a) => a.startsWith('s3:'))).map((r) => r.handler);
    expect(withS3.sort()).toEqual(
      routes
        .filter((r) => usage.get(r.handler)!.labelStore)
        .map((r) => r.handler)
        .sort(),
    );
    expect(withS3).toEqual(expect.arrayContaining(['shipping/create-label', 'shipping/download-order']));
    expect(withS3).not.toContain('auth/login');

    // A download keeps the PNG or ZPL file it had made, so a second download is one read.
    expect(
      actionsOf('shipping/download-order')
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    expect(
      actionsOf('shipping/track-package')
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual([]);
    expect(
      actionsOf('shipping/create-label')
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);

    for (const [handler, fn] of routeFunctions()) {
      const hasBucket = 'LABEL_BUCKET' in (fn.Properties.Environment?.Variables ?? {});
      expect(hasBucket, handler).toBe(withS3.includes(handler));
    }
  });

  it('lets only the mail senders call SES', () => {
    const senders = routes.filter((r) => actionsOf(r.handler).includes('ses:SendEmail')).map((r) => r.handler);
    expect(senders.sort()).toEqual(
      routes
        .filter((r) => usage.get(r.handler)!.mail)
        .map((r) => r.handler)
        .sort(),
    );
    expect(senders).toEqual(expect.arrayContaining(['auth/register', 'auth/login', 'auth/forgot-password', 'support/create-support-request']));
    expect(senders).not.toContain('shipping/create-label');
  });

  /** The secret names a route's Lambda may read in SSM (by the parameters its role names), and nothing from KMS. */
  function readableSecrets(handler: string): string[] {
    const ssm = statementsOf(handler).filter((s) => actionsIn([s]).some((a) => a.startsWith('ssm:')));
    expect(actionsOf(handler).filter((a) => a.startsWith('kms:'))).toEqual([]);
    if (ssm.length === 0) return [];
    expect(ssm, handler).toHaveLength(1);
    expect(actionsIn(ssm).sort()).toEqual(['ssm:GetParameter', 'ssm:GetParameters']);
    const arns = (ssm[0]!.Resource as { 'Fn::Join': [string, unknown[]] }[]).map((r) => r['Fn::Join'][1].at(-1) as string);
    for (const arn of arns) expect(arn).toMatch(/^:parameter\/prepaidship\/dev\/[A-Z_]+$/);
    return arns.map((arn) => arn.split('/').at(-1)!).sort();
  }

  it('lets every Lambda read exactly the secrets its code uses, and loads exactly those at cold start', () => {
    for (const route of routes) {
      const used = usage.get(route.handler)!.secrets;
      expect(readableSecrets(route.handler), route.handler).toEqual([...used].sort());
      expect(routeFunctions().get(route.handler)?.Properties.Environment?.Variables[SECRETS_USED_VARIABLE], route.handler).toBe(used.join(','));
    }
  });

  it('keeps payment and carrier keys from the Lambdas that do not use them: sign-in cannot read the Stripe key, the Stripe webhook can', () => {
    expect(readableSecrets('auth/login')).not.toContain('STRIPE_SECRET_KEY');
    expect(readableSecrets('auth/login')).not.toContain('STRIPE_WEBHOOK_SECRET');
    expect(readableSecrets('auth/login')).not.toContain('EASYPOST_API_KEY');
    expect(readableSecrets('auth/login')).toContain('JWT_SECRET');
    expect(readableSecrets('payments/stripe-webhook')).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']));
    expect(readableSecrets('payments/stripe-webhook')).not.toContain('HOODPAY_WEBHOOK_SECRET');
    expect(readableSecrets('payments/hoodpay-webhook')).toContain('HOODPAY_WEBHOOK_SECRET');
    expect(readableSecrets('payments/hoodpay-webhook')).not.toContain('STRIPE_SECRET_KEY');
    expect(readableSecrets('tracking/easypost-webhook')).toContain('EASYPOST_WEBHOOK_SECRET');
    expect(readableSecrets('tracking/easypost-webhook')).not.toContain('STRIPE_SECRET_KEY');
  });

  it('lets a Lambda write logs only to its own log group (no AWSLambdaBasicExecutionRole)', () => {
    for (const [handler, fn] of routeFunctions()) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      expect(resources[roleId]!.Properties.ManagedPolicyArns, handler).toBeUndefined();
      const logs = statementsOf(handler).filter((s) => actionsIn([s]).some((a) => a.startsWith('logs:')));
      expect(logs).toHaveLength(1);
      expect(logs[0]!.Resource).toEqual({ 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] });
    }
  });
});

describe('X-Ray tracing (cost per 1,000 labels)', () => {
  /** The product's own Lambdas (routes, scheduled work, batch worker), not CDK's helper functions. */
  const productFunctions = (from: Record<string, Resource>) =>
    ofType('AWS::Lambda::Function', from).filter(([, fn]) => (fn.Properties as { Runtime?: string }).Runtime === 'nodejs22.x');
  const xrayGrants = (from: Record<string, Resource>) =>
    ofType('AWS::IAM::Policy', from).flatMap(([, p]) =>
      p.Properties.PolicyDocument.Statement.filter((st) => actionsIn([st]).includes('xray:PutTraceSegments')),
    );

  it('leaves every product Lambda on PassThrough, the mode the cost bench prices, and makes no sampling rule Lambda would ignore', () => {
    expect(DEFAULT_LAMBDA_TRACING).toBe('PassThrough');
    const functions = productFunctions(resources);
    expect(functions).toHaveLength(routes.length + 4);
    for (const [id, fn] of functions) expect(fn.Properties, id).toMatchObject({ TracingConfig: { Mode: 'PassThrough' }, MemorySize: FUNCTION_MEMORY_MB });
    // Lambda samples Active tracing by its own fixed rule (1 call a second, then 5%): an
    // AWS::XRay::SamplingRule would read as a control it is not.
    template.resourceCountIs('AWS::XRay::SamplingRule', 0);
  });

  it('turns Active tracing on for every product Lambda when the stage asks (an investigation), with the X-Ray grant it needs', () => {
    const active = synth('dev', { tracing: 'Active' }).toJSON().Resources as Record<string, Resource>;
    const functions = productFunctions(active);
    expect(functions).toHaveLength(routes.length + 4);
    for (const [id, fn] of functions) expect(fn.Properties, id).toMatchObject({ TracingConfig: { Mode: 'Active' } });
    for (const st of xrayGrants(active)) expect(st).toMatchObject({ Effect: 'Allow', Resource: '*' });
    expect(xrayGrants(active).length).toBeGreaterThanOrEqual(functions.length);
  });
});

describe('scheduled work', () => {
  it('runs functions/jobs/handler.ts every minute from EventBridge, with table and label access and an error alarm', () => {
    const [id, fn] = ofType('AWS::Lambda::Function').find(([, f]) => String(f.Properties.Description).startsWith('scheduled work')) ?? [];
    expect(fn, 'the scheduled work Lambda').toBeDefined();
    expect(fn!.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 50, Environment: { Variables: { TABLE_NAME: { Ref: expect.any(String) } } } });
    // Recovery writes orders and the wallet, and keeps label PDFs.
    expect(fn!.Properties.Environment?.Variables.LABEL_BUCKET).toBeDefined();
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [id, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } }],
    });
    const roleId = fn!.Properties.Role['Fn::GetAtt'][0];
    const actions = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .flatMap((st) => st.Action);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:Query', 's3:PutObject', 's3:GetObject']));
    // Label refunds mail the shipper when a refund completes or is rejected: its bundle has the mailer.
    expect(actions).toContain('ses:SendEmail');
    expect(fn!.Properties.Environment?.Variables.MAIL_PROVIDER).toBe('ses');
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.some((a) => JSON.stringify(a).includes(id!))).toBe(true);
  });
});

describe('webhook worker', () => {
  const lambdaOf = (prefix: string) => ofType('AWS::Lambda::Function').find(([, f]) => String(f.Properties.Description).startsWith(prefix)) ?? [];

  it('has its own queue with a dead-letter queue, whose visibility timeout is 6 times the worker timeout, feeding the worker one message at a time', () => {
    const queues = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('WebhookQueue'));
    expect(queues).toHaveLength(2);
    const main = queues.find(([, q]) => 'RedrivePolicy' in q.Properties)!;
    const [workerId, worker] = lambdaOf('webhook worker');
    expect(worker!.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 60 });
    expect(main[1].Properties).toMatchObject({ VisibilityTimeout: 360, SqsManagedSseEnabled: true });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: workerId }, BatchSize: 1 });
    expect(worker!.Properties.Environment?.Variables).toMatchObject({ WEBHOOK_QUEUE_URL: { Ref: expect.any(String) } });
  });

  it('gives the queue URL to the code that writes or resends deliveries: purchases, the resend route; never to the endpoint routes that only read or register', () => {
    const senders = routes.filter((r) => 'WEBHOOK_QUEUE_URL' in (routeFunction(r.handler).Properties.Environment?.Variables ?? {})).map((r) => r.handler);
    expect(senders).toEqual(expect.arrayContaining(['shipping/create-label', 'account/resend-webhook-delivery']));
    expect(senders).not.toContain('account/create-webhook');
    expect(senders).not.toContain('account/list-webhooks');
  });
});

describe('batch labels worker', () => {
  const lambdaOf = (prefix: string) => ofType('AWS::Lambda::Function').find(([, f]) => String(f.Properties.Description).startsWith(prefix)) ?? [];
  const actionsOfRole = (roleId: string) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .flatMap((st) => st.Action);

  it('has a queue with a dead-letter queue, TLS-only and encrypted, whose visibility timeout is 6 times the worker timeout', () => {
    const queues = ofType('AWS::SQS::Queue').filter(([id]) => id.startsWith('BatchQueue'));
    expect(queues).toHaveLength(2);
    const main = queues.find(([, q]) => 'RedrivePolicy' in q.Properties)!;
    const [dlqId] = queues.find(([id]) => id !== main[0])!;
    const [, worker] = lambdaOf('batch worker');
    expect(worker!.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 120 });
    expect(main[1].Properties).toMatchObject({
      VisibilityTimeout: 720,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 3 },
    });
    expect(Number(main[1].Properties.VisibilityTimeout)).toBeGreaterThan(Number((worker!.Properties as unknown as { Timeout: number }).Timeout));
    for (const [id] of queues) {
      const policy = ofType('AWS::SQS::QueuePolicy').find(([, p]) => JSON.stringify(p.Properties).includes(id));
      expect(JSON.stringify(policy?.[1].Properties), `TLS-only policy of ${id}`).toContain('aws:SecureTransport');
    }
  });

  it('feeds the worker one message at a time, and lets it read and write the table, keep label PDFs and send to the queue', () => {
    const [workerId, worker] = lambdaOf('batch worker');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: workerId }, BatchSize: 1 });
    const actions = actionsOfRole(worker!.Properties.Role['Fn::GetAtt'][0]);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:Query',
        's3:GetObject',
        's3:PutObject',
        'sqs:SendMessage',
        'sqs:ReceiveMessage',
      ]),
    );
    expect(worker!.Properties.Environment?.Variables).toMatchObject({ BATCH_QUEUE_URL: { Ref: expect.any(String) }, LABEL_BUCKET: expect.anything() });
  });

  it('gives the queue URL and sqs:SendMessage only to the code that sends batches: the upload and purchase routes, the Stripe webhook, the scheduled work', () => {
    const senders: string[] = routes
      .filter((r) => 'BATCH_QUEUE_URL' in (routeFunction(r.handler).Properties.Environment?.Variables ?? {}))
      .map((r) => r.handler);
    expect(senders.sort()).toEqual(['payments/stripe-webhook', 'shipping/batches/create-batch', 'shipping/batches/purchase-batch']);
    for (const [handler] of routeFunctions()) {
      // sqs:SendMessage only with a queue's URL to send to (the webhook queue's senders: below).
      const sends = actionsOf(handler).includes('sqs:SendMessage');
      const variables = routeFunction(handler).Properties.Environment?.Variables ?? {};
      expect(sends, handler).toBe('BATCH_QUEUE_URL' in variables || 'WEBHOOK_QUEUE_URL' in variables);
      expect(
        actionsOf(handler).filter((a) => a.startsWith('sqs:') && a !== 'sqs:SendMessage' && !a.startsWith('sqs:GetQueue')),
        handler,
      ).toEqual([]);
    }
    const [, scheduled] = lambdaOf('scheduled work');
    expect(actionsOfRole(scheduled!.Properties.Role['Fn::GetAtt'][0])).toContain('sqs:SendMessage');
  });

  it("alarms on the worker's errors and on any message in the dead-letter queue", () => {
    const [workerId] = lambdaOf('batch worker');
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties));
    expect(alarms.some((a) => a.includes(workerId!) && a.includes('Errors'))).toBe(true);
    expect(alarms.some((a) => a.includes('ApproximateNumberOfMessagesVisible'))).toBe(true);
  });
});

describe('mail feedback (SES bounces and complaints)', () => {
  const [feedbackId, feedback] = ofType('AWS::Lambda::Function').find(([, f]) => String(f.Properties.Description).startsWith('mail feedback')) ?? [];

  it('sends every mail under a configuration set whose bounces and complaints go to an SNS topic the feedback Lambda is subscribed to', () => {
    expect(feedback, 'the mail feedback Lambda').toBeDefined();
    const [setId] = ofType('AWS::SES::ConfigurationSet' as keyof Read).find(([, r]) => (r.Properties as { Name?: string }).Name === 'prepaidship-dev') ?? [];
    expect(setId, 'the configuration set prepaidship-dev').toBeDefined();
    const [topicId] = ofType('AWS::SNS::Topic').find(([, t]) => String(t.Properties.DisplayName).includes('bounces and complaints')) ?? [];
    expect(topicId, 'the feedback topic').toBeDefined();
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topicId } } },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [feedbackId, 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'sns.amazonaws.com', SourceArn: { Ref: topicId } });
    // TLS-only, like the alarm topic.
    const policy = Object.values(resources).find((r) => r.Type === 'AWS::SNS::TopicPolicy' && JSON.stringify(r.Properties).includes(topicId!));
    expect(JSON.stringify(policy?.Properties)).toContain('aws:SecureTransport');
  });

  it("alarms on the feedback Lambda's errors: a bounce it failed to record would keep being mailed", () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([id, a]) => [id, JSON.stringify(a.Properties)] as const);
    expect(alarms.some(([id, a]) => id.startsWith('MonitoringMailFeedbackErrors') && a.includes(feedbackId!) && a.includes('"MetricName":"Errors"'))).toBe(
      true,
    );
  });

  it('lets the feedback Lambda write suppressions to the table, and nothing else it does not use (no SES)', () => {
    const roleId = feedback!.Properties.Role['Fn::GetAtt'][0];
    const actions = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .flatMap((st) => st.Action);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:GetItem']));
    expect(actions.filter((a) => a.startsWith('ses:') || a.startsWith('s3:') || a.startsWith('sqs:'))).toEqual([]);
  });

  it('tells every mail sender the configuration set and lets it send under that set only', () => {
    const senders = routes.filter((r) => actionsOf(r.handler).includes('ses:SendEmail'));
    expect(senders.length).toBeGreaterThan(0);
    for (const r of senders) {
      expect(routeFunctions().get(r.handler)?.Properties.Environment?.Variables.SES_CONFIGURATION_SET, r.handler).toBe('prepaidship-dev');
      const send = statementsOf(r.handler).find((st) => st.Action === 'ses:SendEmail' || (Array.isArray(st.Action) && st.Action.includes('ses:SendEmail')));
      expect(JSON.stringify(send?.Resource), r.handler).toContain(':configuration-set/prepaidship-dev');
    }
  });
});

describe('secrets', () => {
  it('puts no secret in any Lambda environment nor anywhere in the template', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const names = Object.keys(fn.Properties.Environment?.Variables ?? {});
      expect(names.filter((n) => (SECRET_NAMES as readonly string[]).includes(n))).toEqual([]);
    }
    const text = JSON.stringify(template.toJSON());
    expect(text).not.toMatch(/sk_(live|test)_|whsec_|rk_live_|EZAK|EZTK/);
    template.resourceCountIs('AWS::SSM::Parameter', 0);
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
  });

  it('refuses a secret passed as a setting', () => {
    expect(() => synth('dev', { settings: { STRIPE_SECRET_KEY: 'sk_live_x' } })).toThrow(/STRIPE_SECRET_KEY is a secret/);
    expect(() => synth('dev', { settings: { TABLE_NAME: 'x' } })).toThrow(/set by the stack/);
    expect(() => synth('dev', { settings: { STAGE: 'dev' } })).toThrow(/STAGE is set by the stack/);
  });
});

describe('production guard', () => {
  it('refuses to synthesize prod left on sandboxes, naming each setting and missing secret', () => {
    const refusal = (() => {
      try {
        synth('prod', { settings: { CARRIER_PROVIDER: 'sandbox', CAPTCHA_PROVIDER: 'none' }, secrets: ['JWT_SECRET'] });
      } catch (err) {
        return (err as Error).message;
      }
      return 'synthesized';
    })();
    expect(refusal).toMatch(/^Stage prod refuses to synthesize on make-believe \(cdk\.json context\.prepaidship\.prod\):\n/);
    expect(refusal).toContain('- CARRIER_PROVIDER is sandbox (the sandbox draws SAMPLE labels that are not postage): set it to easypost');
    expect(refusal).toContain('- TRACKING_PROVIDER is unset, so it defaults to sandbox');
    expect(refusal).toContain('- CAPTCHA_PROVIDER is none');
    expect(refusal).toContain('- secrets lacks STRIPE_SECRET_KEY');
    expect(refusal).toContain('- secrets lacks STRIPE_WEBHOOK_SECRET');
    expect(refusal).not.toContain('JWT_SECRET');
  });

  it("synthesizes prod with cdk.json's real providers and secrets, and dev on sandboxes", () => {
    expect(() => synth('prod')).not.toThrow();
    expect(() => synth('dev', { settings: { CARRIER_PROVIDER: 'sandbox', CAPTCHA_PROVIDER: 'none' } })).not.toThrow();
  });

  it('tells every Lambda its stage, so a prod Lambda refuses the sandbox carrier itself', () => {
    const prod = synth('prod');
    for (const [stage, built] of [
      ['dev', template],
      ['prod', prod],
    ] as const) {
      const functions = Object.values(built.findResources('AWS::Lambda::Function')) as Resource<Read['AWS::Lambda::Function']>[];
      // Our code's Lambdas (routes, and any scheduled job) are those reading the secrets; CDK's own helpers are not.
      const ours = functions.filter((fn) => fn.Properties.Environment?.Variables[SECRETS_PREFIX_VARIABLE] !== undefined);
      expect(ours.length).toBeGreaterThanOrEqual(routes.length);
      for (const fn of ours) expect(fn.Properties.Environment?.Variables.STAGE).toBe(stage);
    }
  });

  it('hands every Lambda of ours the stage settings, so changing one (SECRETS_REVISION after a secret rotation) replaces every container', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as Resource<Read['AWS::Lambda::Function']>[];
    const ours = functions.filter((fn) => fn.Properties.Environment?.Variables[SECRETS_PREFIX_VARIABLE] !== undefined);
    // The route Lambdas, the scheduled work, the batch worker, the mail feedback and the webhook worker.
    expect(ours.length).toBe(routes.length + 4);
    for (const fn of ours) expect(fn.Properties.Environment?.Variables.SECRETS_REVISION).toBe('2');
  });
});

describe('DynamoDB table', () => {
  it('has the pk/sk keys, both GSIs, TTL, point-in-time recovery and KMS encryption, on demand', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [[, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource]];
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('is retained and deletion-protected in prod, not in dev', () => {
    synth('prod').hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });
});

describe('buckets', () => {
  const bucketId = (prefix: string) => ofType('AWS::S3::Bucket').find(([id]) => id.startsWith(prefix))![0];

  it('keeps every bucket private, encrypted and TLS-only, with no public grant', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties, id).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
      const policy = ofType('AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === id)![1];
      const statements = policy.Properties.PolicyDocument.Statement;
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      for (const s of statements.filter((x) => x.Effect === 'Allow')) {
        expect(JSON.stringify(s.Principal)).not.toMatch(/"\*"/);
      }
    }
  });

  it('lets only CloudFront (origin access control) read the site bucket', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const site = ofType('AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === bucketId('SiteBucket'))![1];
    const reads = site.Properties.PolicyDocument.Statement.filter((s) => s.Effect === 'Allow' && actionsIn([s]).includes('s3:GetObject'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
  });

  it('lets a browser read a label object by its presigned link (GET only), as a redirected fetch arrives from any origin', () => {
    expect(resources[bucketId('LabelBucket')]!.Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['GET'], AllowedOrigins: ['*'], MaxAge: 3600 }],
    });
    expect(resources[bucketId('LabelBucket')]!.Properties.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    });
  });

  it('moves label PDFs to infrequent access after 30 days', () => {
    expect(resources[bucketId('LabelBucket')]!.Properties.LifecycleConfiguration).toEqual({
      Rules: [{ Status: 'Enabled', Transitions: [{ StorageClass: 'STANDARD_IA', TransitionInDays: 30 }] }],
    });
  });
});

describe('web hosting', () => {
  const distribution = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;

  it('sends exactly the API prefixes, uncached with every header but Host, to the API origin', () => {
    const config = distribution();
    const apiOrigin = config.Origins.find((o) => o.CustomOriginConfig)!;
    expect(apiOrigin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');

    expect(config.CacheBehaviors).toHaveLength(apiPathPatterns.length);
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual([...apiPathPatterns].sort());
    for (const behavior of config.CacheBehaviors) {
      expect(behavior).toMatchObject({
        TargetOriginId: apiOrigin.Id,
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      });
    }
  });

  it("proves to the API that a request came through CloudFront with a header whose value SSM holds, so the API may trust CloudFront's viewer address", () => {
    const config = distribution();
    const apiOrigin = config.Origins.find((o) => o.CustomOriginConfig)!;
    // The value is the stage's parameter, resolved at deploy: the template holds only its name.
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-prepaidship-origin', HeaderValue: '{{resolve:ssm:/prepaidship/dev/ORIGIN_VERIFY_SECRET}}' },
    ]);
    expect(SECRET_NAMES).toContain('ORIGIN_VERIFY_SECRET');
    // AllViewerExceptHostHeader forwards the CloudFront-* headers, CloudFront-Viewer-Address among them.
    for (const behavior of config.CacheBehaviors) expect(behavior).toMatchObject({ OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    const other = synth('prod');
    expect(JSON.stringify(other.toJSON())).toContain('{{resolve:ssm:/prepaidship/prod/ORIGIN_VERIFY_SECRET}}');
  });

  it("serves the SPA over HTTPS, compressed, honouring the objects' cache headers, and logs to the log bucket", () => {
    const config = distribution();
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true, CachePolicyId: CACHING_OPTIMIZED });
    expect(config.Logging.Bucket).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^LogBucket/), 'RegionalDomainName'] });
  });

  it('uploads hashed assets with a one-year immutable cache and everything else with no-cache, invalidating CloudFront', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    expect(deployments).toContainEqual(
      expect.objectContaining({ Include: ['assets/*'], Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } }),
    );
    expect(deployments).toContainEqual(
      expect.objectContaining({ Exclude: ['assets/*'], SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] }),
    );
  });

  it('answers prerendered pages with their own document and every other page with the SPA shell, by a viewer-request function, not distribution-wide error pages', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    for (const behavior of config.CacheBehaviors) expect(behavior.FunctionAssociations).toBeUndefined();

    // Run the function's own code: the public pages get their prerendered document, other
    // extensionless paths the SPA shell, files stay.
    const fn = ofType('AWS::CloudFront::Function')[0]![1];
    // Evaluating the function's JavaScript is the point: it proves the rewrite CloudFront will run.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is the stack's own CloudFront Function, not input
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/user-dashboard/transactions')).toBe('/app.html');
    expect(rewrite('/reset-password')).toBe('/app.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/login')).toBe('/login.html');
    expect(rewrite('/signup')).toBe('/signup.html');
    expect(rewrite('/forgot-password')).toBe('/forgot-password.html');
    expect(rewrite('/assets/index-CA31UWGN.js')).toBe('/assets/index-CA31UWGN.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('adds CSP, HSTS, nosniff, a referrer policy and frame denial to every answer, SPA and API', () => {
    const policies = ofType('AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: REFERRER_POLICY, Override: true },
      FrameOptions: { FrameOption: FRAME_OPTIONS, Override: true },
    });
    // The same policy the local front sends, so the browser tests run under production's CSP, but
    // for the label bucket's links (a batch file too large for a Lambda's answer).
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
    const policyText = cspText(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(policyText).toBe(contentSecurityPolicy({ labelLinks: `https://${LABEL_BUCKET_DOMAIN}` }));
    const csp = Object.fromEntries(policyText.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'worker-src': ["'self'", 'blob:'],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'", `https://${LABEL_BUCKET_DOMAIN}`],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    const config = distribution();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it("allows Google's reCAPTCHA sources only when the stage uses reCAPTCHA", () => {
    const cspOf = (t: Template) =>
      cspText(
        ofType('AWS::CloudFront::ResponseHeadersPolicy', t.toJSON().Resources as Record<string, Resource>)[0]![1].Properties.ResponseHeadersPolicyConfig
          .SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
      );
    expect(cspOf(template)).not.toMatch(/google/);
    const withRecaptcha = cspOf(synth('dev', { settings: { CAPTCHA_PROVIDER: 'recaptcha' } }));
    expect(withRecaptcha).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(withRecaptcha).toMatch(/frame-src https:\/\/www\.google\.com\/recaptcha\//);
  });

  it('uses a custom domain with TLS 1.2 when given one', () => {
    const withDomain = synth('prod', { domain: { name: 'labels.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' } });
    const config = ofType('AWS::CloudFront::Distribution', withDomain.toJSON().Resources as Record<string, Resource>)[0]![1].Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['labels.example.com']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    withDomain.hasOutput('SiteUrl', { Value: 'https://labels.example.com' });
  });

  it('refuses to synthesize without a web build', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'prepaidship-empty-'));
    tempDirs.push(empty);
    expect(() => synth('dev', { webAssetsDir: empty })).toThrow(/npm run build/);
  });

  it('outputs the site URL and what the README commands need', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual(
      ['AlarmTopicArn', 'ApiEndpoint', 'DashboardName', 'DistributionDomainName', 'LabelBucketName', 'SecretsParameterPath', 'SiteUrl', 'TableName'].sort(),
    );
  });
});

describe('operations', () => {
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([id, a]) => ({ id, ...a.Properties }));

  it('alarms on the API 5xx rate, Lambda errors of every route, Lambda throttles, DynamoDB throttles and webhook failures', () => {
    const ids = alarms().map((a) => a.id);
    for (const name of ['Api5xxRate', 'LambdaErrors', 'LambdaThrottles', 'DynamoDbThrottles', 'WebhookFailures']) {
      expect(
        ids.some((id) => id.startsWith(`Monitoring${name}`)),
        name,
      ).toBe(true);
    }
    // Every route Lambda is inside one Lambda errors alarm. The alarms live in the top stack and name
    // each function through an output of its area's nested stack, named after the function's path.
    const watched = alarms()
      .filter((a) => a.id.startsWith('MonitoringLambdaErrors'))
      .flatMap((a) => (a.Metrics ?? []).flatMap((m) => m.MetricStat?.Metric.Dimensions.map((d) => d.Value['Fn::GetAtt']?.[1]) ?? []))
      .map((output) => /^Outputs\.PrepaidShipdev[A-Z][a-z]+Routes(\w+)Function[0-9A-F]{8}Ref$/.exec(output ?? '')?.[1]);
    expect(watched.sort()).toEqual(routes.map((r) => constructIdFor(r.handler)).sort());
  });

  it("alarms on any label the carrier sold for an order already refunded (the purchases' own metric)", () => {
    const alarm = alarms().find((a) => a.id.startsWith('MonitoringLabelsSoldForClosedOrders'));
    expect(JSON.stringify(alarm)).toContain('"MetricName":"LabelsSoldForClosedOrders"');
    expect(JSON.stringify(alarm)).toContain('"Threshold":1');
  });

  it('sends every alarm (and its recovery) to the topic, which mails the alarm email', () => {
    const topicId = ofType('AWS::SNS::Topic').find(([, t]) => String(t.Properties.DisplayName).endsWith('alarms'))![0];
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
    }
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    // Without an alarm email, no mail subscription (the one left is the mail feedback Lambda's).
    expect(Object.values(synth('dev').findResources('AWS::SNS::Subscription')).map((r) => (r as Resource<{ Protocol: string }>).Properties.Protocol)).toEqual([
      'lambda',
    ]);
  });

  it('counts webhook answers other than 2xx from the access log', () => {
    const pattern = ofType('AWS::Logs::MetricFilter')[0]![1].Properties.FilterPattern;
    expect(pattern).toMatch(/\$\.status >= 300/);
    for (const key of routes.filter((r) => r.access === 'webhook').map(routeKey)) expect(pattern).toContain(`$.routeKey = "${key}"`);
  });

  it('has one dashboard that shows every alarm, and the API, per-route Lambda, DynamoDB and webhook graphs', () => {
    // The body is a Fn::Join of JSON text and tokens; each token becomes the logical id it names.
    const body = ofType('AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody;
    const text =
      typeof body === 'string'
        ? body
        : body['Fn::Join'][1]
            .map((part) => {
              if (typeof part === 'string') return part;
              const token = part as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
              return token.Ref ?? token['Fn::GetAtt']?.[0] ?? JSON.stringify(part);
            })
            .join('');
    type Widget = { type: string; properties: { title?: string; alarms?: string[]; metrics?: unknown[][] } };
    const widgets = (JSON.parse(text) as { widgets: Widget[] }).widgets;
    const byTitle = new Map(widgets.map((w) => [w.properties.title, w]));

    // The alarm status widget lists exactly the stack's alarms.
    const alarmIds = alarms().map((a) => a.id);
    expect(byTitle.get('Alarms')?.properties.alarms?.slice().sort()).toEqual(alarmIds.sort());
    expect([...byTitle.keys()]).toEqual(
      expect.arrayContaining([
        'API calls and errors',
        'API latency (ms)',
        'Lambda errors by route',
        'Lambda duration p95 by route (ms)',
        'DynamoDB consumed capacity',
        'Webhook failures and Lambda throttles',
      ]),
    );
    // One line per route Lambda in the per-route graphs.
    const routeFunctions = ofType('AWS::Lambda::Function').filter(([, fn]) => (fn.Properties.Tags ?? []).some((t) => t.Key === ROUTE_TAG));
    for (const title of ['Lambda errors by route', 'Lambda duration p95 by route (ms)']) {
      expect(byTitle.get(title)?.properties.metrics, title).toHaveLength(routeFunctions.length);
    }
    expect(JSON.stringify(byTitle.get('Webhook failures and Lambda throttles')?.properties.metrics)).toContain('WebhookFailures');
    expect(JSON.stringify(byTitle.get('API calls and errors')?.properties.metrics)).toMatch(/5XXError|5xx/);
  });
});

describe('cdk-nag AWS Solutions checks', () => {
  /** Every acknowledgement recorded on the stack's constructs: rule id and reason. */
  function acknowledgements(scope: IConstruct): { path: string; id: string; reason: string }[] {
    return scope.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason }))),
      );
  }

  for (const [name, build] of [
    ['dev', () => dev],
    [
      'prod with a custom domain',
      () => synthStack('prod', { domain: { name: 'labels.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' } }),
    ],
  ] as const) {
    it(`finds nothing unacknowledged in ${name}`, () => {
      const { app } = build();
      const { violations } = new AwsSolutionsChecks().validateScope(app);
      const report = violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      expect(report).toEqual([]);
    });
  }

  it('gives every acknowledgement a written reason', () => {
    // Recorded ids carry the validation plugin's namespace in front, e.g. `...::AwsSolutions-L1`.
    const acks = acknowledgements(dev.stack).filter((a) => a.id.includes('AwsSolutions-'));
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(40);
  });
});
