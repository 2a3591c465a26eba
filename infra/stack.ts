/**
 * The whole product in one stack: the DynamoDB table, the label PDF bucket, one Lambda + route per
 * entry of domain/api/route-table.ts behind an HTTP API (in one nested stack per area of the table), and the SPA in a private bucket behind CloudFront,
 * which also sends the API path prefixes to API Gateway so the browser sees one origin (no CORS).
 * Alarms and a dashboard watch it (constructs/monitoring.ts); cdk-nag's acknowledgements, each with
 * its reason, are in nag-acknowledgements.ts.
 *
 * Env-agnostic on purpose (no account/region, no lookups): `cdk synth` needs no credentials and
 * makes no network call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  CfnDynamicReference,
  CfnDynamicReferenceService,
  CfnOutput,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { tableDefinition } from '../functions/data/table';
import { apiPathPatterns, routeKey, routes } from '../domain/api/routes';
import { SECRET_NAMES, secretParameterName, SECRETS_PREFIX_VARIABLE, SECRETS_USED_VARIABLE, type SecretName } from '../functions/secrets-loader';
import { ORIGIN_SECRET_HEADER } from '../functions/http/client-address';
import { metricsNamespace, Monitoring } from './constructs/monitoring';
import { constructIdFor, RouteFunction, routeArea } from './constructs/route-function';
import { ScheduledWork } from './constructs/scheduled-work';
import { BatchQueue, BatchWorker } from './constructs/batch-worker';
import { WebhookQueue, WebhookWorker } from './constructs/webhook-worker';
import { MailFeedback, mailConfigurationSetName } from './constructs/mail-feedback';
import { moduleUsage } from './handler-usage';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from './local/security-headers';
import { documentRewriteFunctionCode, SPA_SHELL } from './spa-documents';
import type { LambdaTracing } from './lambda-settings';
import { acknowledgeNagFindings } from './nag-acknowledgements';
import { assertProductionReady } from './production-guard';

export type Stage = 'dev' | 'prod';

export interface PrepaidShipStackProps extends StackProps {
  stage: Stage;
  /** The Vite build to publish; defaults to `<project>/dist`. Tests point it at a temporary directory. */
  webAssetsDir?: string;
  /** A custom domain (e.g. `labels.example.com`) and its ACM certificate, which must be in us-east-1. */
  domain?: { name: string; certificateArn: string };
  /** Where alarm notifications go (an SNS email subscription to confirm once). */
  alarmEmail?: string;
  /**
   * Non-secret settings for every route Lambda (MAIL_FROM, SUPPORT_EMAIL, CARRIER_PROVIDER, ...; see
   * the README's configuration table). Secrets are refused here: they live in SSM only.
   */
  settings?: Record<string, string>;
  /** The names of the secrets this stage holds in SSM (a synth cannot read SSM); prod must name those its providers need. */
  secrets?: readonly SecretName[];
  /**
   * X-Ray mode of every product Lambda: PassThrough unless given (infra/lambda-settings.ts says why);
   * `Active` for an investigation records every call below 1 a second, at $5 a million.
   */
  tracing?: LambdaTracing;
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * What differs between stages: prod keeps its data when the stack goes away and may take more
 * traffic; dev cleans up after itself. The throttle bounds what a flood can cost (and protects the
 * account's Lambda concurrency); raise it with real traffic.
 */
const stageSettings = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    accessLogDays: 30,
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    accessLogDays: 365,
    throttle: { rateLimit: 200, burstLimit: 400 },
  },
} as const;

/**
 * Settings the stack sets itself, so `settings` may not. NODE_OPTIONS is left unset on purpose: a
 * Lambda maps its stack traces itself (infra/lambda-bundling.ts, `inject`), without Node's flags.
 */
const STACK_OWNED = [
  'STAGE',
  'TABLE_NAME',
  'LABEL_BUCKET',
  'LABEL_DIR',
  'DYNAMODB_ENDPOINT',
  'AWS_REGION',
  'NODE_OPTIONS',
  SECRETS_PREFIX_VARIABLE,
  SECRETS_USED_VARIABLE,
];

/** The SSM path of a stage's secrets: `/prepaidship/<stage>/` (README, "Deploy to AWS"). */
export const secretsPrefix = (stage: Stage): string => `/prepaidship/${stage}/`;

/** The API's access log line: JSON, so CloudWatch metric filters can count by route and status. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  })
    // Numbers unquoted, so a filter can compare them (`$.status >= 500`).
    .replace('"$context.status"', '$context.status'),
);

function checkSettings(settings: Record<string, string>): void {
  for (const name of Object.keys(settings)) {
    if ((SECRET_NAMES as readonly string[]).includes(name)) {
      throw new Error(`${name} is a secret: put it in SSM Parameter Store (README, "Deploy to AWS"), not in the stack's settings.`);
    }
    if (STACK_OWNED.includes(name)) throw new Error(`${name} is set by the stack itself; remove it from the settings.`);
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`Setting names are environment variable names: "${name}" is not one.`);
  }
}

export class PrepaidShipStack extends Stack {
  constructor(scope: Construct, id: string, props: PrepaidShipStackProps) {
    super(scope, id, props);
    const { removalPolicy, logRetention, accessLogDays, throttle } = stageSettings[props.stage];
    const isProd = props.stage === 'prod';
    const settings = props.settings ?? {};
    checkSettings(settings);
    assertProductionReady({ stage: props.stage, settings, secrets: props.secrets ?? [] });

    const webAssetsDir = props.webAssetsDir ?? path.join(projectRoot, 'dist');
    if (!existsSync(path.join(webAssetsDir, SPA_SHELL))) {
      throw new Error(`No web build in ${webAssetsDir} (${SPA_SHELL} missing): run \`npm run build\` before synthesizing the stack.`);
    }

    // --- Data: the one table, shaped by the same definition DynamoDB Local uses.
    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // KMS (the AWS-managed aws/dynamodb key) rather than the invisible AWS-owned key: every use is in CloudTrail.
      encryption: TableEncryption.AWS_MANAGED,
      // Prod's money and accounts cannot go with a mistaken `cdk destroy`; dev must be able to tear down.
      deletionProtection: isProd,
      removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // --- Buckets: all private, encrypted, TLS only. Access logs of the other two and of CloudFront
    // go to the log bucket (CloudFront's standard logs still need ACLs there: object writer ownership).
    const autoDeleteObjects = !isProd;
    const logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(accessLogDays) }],
      removalPolicy,
      autoDeleteObjects,
    });

    const labelBucket = new Bucket(this, 'LabelBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'label-bucket/',
      // A label is downloaded in its first days; afterwards it is kept for the customer's records.
      lifecycleRules: [{ transitions: [{ storageClass: StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(30) }] }],
      // A batch file too large for a Lambda's answer is fetched by the web app straight from here, by a
      // presigned link the API redirects to. A redirected fetch arrives with the origin `null`, so any
      // origin may read the answer; the object itself still needs the link's signature.
      cors: [{ allowedMethods: [HttpMethods.GET], allowedOrigins: ['*'], maxAge: 3600 }],
      removalPolicy,
      autoDeleteObjects,
    });

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy,
      // The bucket only holds build output, so in dev `cdk destroy` may empty it.
      autoDeleteObjects,
    });

    // --- API: one HTTP API; its only stage throttled and access-logged as JSON.
    const api = new HttpApi(this, 'Api', { description: `PrepaidShip API (${props.stage})`, createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: logRetention, removalPolicy });
    new HttpStage(this, 'ApiStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
    });

    // --- CloudFront: the SPA from its bucket, the API prefixes to API Gateway, security headers on both.
    // The header values are the ones the local front sends (infra/local/security-headers.ts), so the
    // browser tests run under the same Content-Security-Policy as production.
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `PrepaidShip ${props.stage}: CSP, HSTS, nosniff, referrer, no framing`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            recaptcha: settings.CAPTCHA_PROVIDER === 'recaptcha',
            labelLinks: `https://${labelBucket.bucketRegionalDomainName}`,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true }],
      },
    });

    const apiOrigin = new origins.HttpOrigin(`${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // The proof that a request came through CloudFront: only with it do the Lambdas trust the
      // CloudFront-Viewer-Address header (the policy below forwards it) as the client's address
      // (functions/http/client-address.ts). Resolved from SSM at deploy: the template holds its name only.
      customHeaders: {
        [ORIGIN_SECRET_HEADER]: new CfnDynamicReference(
          CfnDynamicReferenceService.SSM,
          secretParameterName(secretsPrefix(props.stage), 'ORIGIN_VERIFY_SECRET'),
        ).toString(),
      },
    });
    // API calls are personal and mostly writes: never cached, every viewer header (Authorization
    // included, which CloudFront allows when caching is disabled) and the query string go through.
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
    };

    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `PrepaidShip ${props.stage}`,
      defaultRootObject: 'index.html',
      // Customers ship inside the US: the cheapest price class covers North America (and Europe).
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Honours the objects' Cache-Control (set by the deployments below), compressed.
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaFallback', {
              code: cloudfront.FunctionCode.fromInline(documentRewriteFunctionCode()),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: Object.fromEntries(apiPathPatterns.map((pattern) => [pattern, apiBehavior])),
    });
    const siteUrl = `https://${props.domain?.name ?? distribution.distributionDomainName}`;

    // --- Route Lambdas: one per route-table entry, with what its code uses (infra/handler-usage.ts).
    if (!settings.MAIL_FROM) {
      Annotations.of(this).addWarningV2(
        'prepaidship:mail-from',
        'No MAIL_FROM setting: mails (sign-in codes) will be sent from no-reply@prepaidship.local, which SES refuses. Set it to an SES-verified address.',
      );
    }
    if (!settings.SELLER_ADDRESS) {
      Annotations.of(this).addWarningV2(
        'prepaidship:seller-address',
        'No SELLER_ADDRESS setting: PDF receipts will print "Address not configured". Set SELLER_NAME and SELLER_ADDRESS (lines separated by ";").',
      );
    }
    const environment: Record<string, string> = {
      // Mail goes out through SES in AWS: the local outbox has no page there.
      MAIL_PROVIDER: 'ses',
      // Every mail under the set that reports its bounces and complaints (MailFeedback below).
      SES_CONFIGURATION_SET: mailConfigurationSetName(props.stage),
      APP_URL: siteUrl,
      ...settings,
      // The Lambdas' own production check (a sandbox carrier refused in prod) reads it.
      STAGE: props.stage,
      [SECRETS_PREFIX_VARIABLE]: secretsPrefix(props.stage),
      // Powertools: the namespace the dashboard reads, and debug logs for 1 invocation in 100.
      POWERTOOLS_SERVICE_NAME: 'prepaidship',
      POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(props.stage),
      POWERTOOLS_LOGGER_SAMPLE_RATE: '0.01',
    };
    // Each function may read only the secrets its code uses (usage.secrets, infra/handler-usage.ts).
    const secretParameterArn = (name: SecretName) =>
      this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${secretsPrefix(props.stage).slice(1)}${name}` });
    const SCHEDULED_MODULE = 'jobs/handler';
    const BATCH_WORKER_MODULE = 'batches/worker';
    const MAIL_FEEDBACK_MODULE = 'mail-feedback/handler';
    const WEBHOOK_WORKER_MODULE = 'webhooks/worker';
    const usage = moduleUsage(projectRoot, [
      ...routes.map((r) => `handlers/${r.handler}`),
      SCHEDULED_MODULE,
      BATCH_WORKER_MODULE,
      MAIL_FEEDBACK_MODULE,
      WEBHOOK_WORKER_MODULE,
    ]);
    // Batch labels' and webhooks' queues, before the Lambdas whose code sends to them.
    const batchQueue = new BatchQueue(this, 'BatchQueue');
    const webhookQueue = new WebhookQueue(this, 'WebhookQueue');
    const routeFunctions = new Map<string, IFunction>();
    const routeConstructs: RouteFunction[] = [];
    // One nested stack per area of the route table (the handler's folder): a CloudFormation stack
    // holds at most 500 resources, and each route brings six (function, role, policy, log group,
    // integration and its permission, route), so the whole API in this stack would not fit.
    const areaStacks = new Map<string, NestedStack>();
    const areaStack = (area: string) => {
      let nested = areaStacks.get(area);
      if (!nested) {
        nested = new NestedStack(this, `${constructIdFor(area)}Routes`, { description: `PrepaidShip ${props.stage}: the ${area} routes` });
        areaStacks.set(area, nested);
      }
      return nested;
    };
    for (const route of routes) {
      const fn = new RouteFunction(areaStack(routeArea(route.handler)), constructIdFor(route.handler), {
        route,
        entry: path.join(projectRoot, 'functions', 'handlers', `${route.handler}.ts`),
        usage: usage.get(`handlers/${route.handler}`)!,
        tableResource: table,
        labelBucket,
        api,
        environment,
        secretParameterArn,
        logRetention,
        removalPolicy,
        batchQueue: batchQueue.queue,
        webhookQueue: webhookQueue.queue,
        tracing: props.tracing,
      });
      routeFunctions.set(route.handler, fn.function);
      routeConstructs.push(fn);
    }

    // --- Scheduled work: recovery of interrupted purchases, every minute (functions/jobs/).
    const scheduledWork = new ScheduledWork(this, 'ScheduledWork', {
      entry: path.join(projectRoot, 'functions', `${SCHEDULED_MODULE}.ts`),
      usage: usage.get(SCHEDULED_MODULE)!,
      tableResource: table,
      labelBucket,
      environment,
      secretParameterArn,
      logRetention,
      removalPolicy,
      batchQueue: batchQueue.queue,
      webhookQueue: webhookQueue.queue,
      tracing: props.tracing,
    });

    // --- Batch labels' worker: buys a batch's rows a chunk per SQS message (functions/batches/).
    const batchWorker = new BatchWorker(this, 'BatchWorker', {
      entry: path.join(projectRoot, 'functions', `${BATCH_WORKER_MODULE}.ts`),
      usage: usage.get(BATCH_WORKER_MODULE)!,
      tableResource: table,
      labelBucket,
      environment,
      secretParameterArn,
      logRetention,
      removalPolicy,
      queues: batchQueue,
      webhookQueue: webhookQueue.queue,
      tracing: props.tracing,
    });

    // --- Webhooks to the shop: POSTs each signed delivery to the shop's endpoint (functions/webhooks/).
    const webhookWorker = new WebhookWorker(this, 'WebhookWorker', {
      entry: path.join(projectRoot, 'functions', `${WEBHOOK_WORKER_MODULE}.ts`),
      usage: usage.get(WEBHOOK_WORKER_MODULE)!,
      tableResource: table,
      labelBucket,
      environment,
      secretParameterArn,
      logRetention,
      removalPolicy,
      queues: webhookQueue,
      tracing: props.tracing,
    });

    // --- Mail feedback: SES's bounces and complaints, through SNS, to the suppression list (functions/mail-feedback/).
    const mailFeedback = new MailFeedback(this, 'MailFeedback', {
      entry: path.join(projectRoot, 'functions', `${MAIL_FEEDBACK_MODULE}.ts`),
      usage: usage.get(MAIL_FEEDBACK_MODULE)!,
      configurationSetName: environment.SES_CONFIGURATION_SET!,
      tableResource: table,
      labelBucket,
      environment,
      secretParameterArn,
      logRetention,
      removalPolicy,
      tracing: props.tracing,
    });

    // Two uploads of the same build. Vite's content-hashed files under assets/ never change, so
    // browsers may keep them for a year, and old ones stay (no prune) so a tab opened before a deploy
    // can still lazy-load its chunks. Everything else (index.html, public/ files) is revalidated on
    // every load and is uploaded second, so it never points at assets that are not there yet.
    const build = Source.asset(webAssetsDir);
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [build],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [build],
      destinationBucket: siteBucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(hashedAssets);

    // --- Operations.
    const monitoring = new Monitoring(this, 'Monitoring', {
      stage: props.stage,
      api,
      accessLogs,
      functions: routeFunctions,
      scheduledWork: scheduledWork.function,
      batchWorker: batchWorker.function,
      mailFeedback: mailFeedback.function,
      batchDeadLetters: batchQueue.deadLetters,
      webhookWorker: webhookWorker.function,
      webhookDeadLetters: webhookQueue.deadLetters,
      webhookRouteKeys: routes.filter((r) => r.access === 'webhook').map(routeKey),
      table,
      indexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      alarmEmail: props.alarmEmail,
    });

    acknowledgeNagFindings(this, {
      table,
      labelBucket,
      siteBucket,
      distribution,
      routeFunctions: routeConstructs,
      otherFunctions: [scheduledWork, batchWorker, mailFeedback, webhookWorker],
      batchQueue,
      webhookQueue,
      customDomain: !!props.domain,
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The product: SPA and API on one origin' });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName, description: 'CNAME target for a custom domain' });
    new CfnOutput(this, 'ApiEndpoint', { value: api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'LabelBucketName', { value: labelBucket.bucketName });
    new CfnOutput(this, 'SecretsParameterPath', { value: secretsPrefix(props.stage), description: 'SSM path of the SecureString secrets' });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: monitoring.dashboard.dashboardName });
  }
}
