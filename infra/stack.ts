/**
 * The whole product in one stack: the DynamoDB table, one Lambda + route per entry of
 * functions/routes.ts behind an HTTP API, and the SPA in a private bucket behind CloudFront, which
 * also sends the API path prefixes to API Gateway so the browser sees one origin (no CORS).
 *
 * Env-agnostic on purpose (no account/region, no lookups): `cdk synth` needs no credentials and
 * makes no network call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { tableDefinition } from '../functions/data/table';
import { apiPathPatterns, routes } from '../functions/routes';
import { constructIdFor, RouteFunction } from './constructs/route-function';

export type Stage = 'dev' | 'prod';

export interface PrepaidShipStackProps extends StackProps {
  stage: Stage;
  /** The Vite build to publish; defaults to `<project>/dist`. Tests point it at a temporary directory. */
  webAssetsDir?: string;
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** What differs between stages: prod keeps its data when the stack goes away, dev cleans up. */
const stageSettings = {
  dev: { removalPolicy: RemovalPolicy.DESTROY, logRetention: RetentionDays.ONE_WEEK },
  prod: { removalPolicy: RemovalPolicy.RETAIN, logRetention: RetentionDays.THREE_MONTHS },
} as const;

/**
 * Serves the SPA's index.html for every path without a file extension (/login, /user-dashboard), so
 * client-side routes survive a reload. A viewer-request function on the SPA behaviour only: unlike
 * distribution-wide error responses, it never touches the API's own 4xx answers.
 */
const spaFallbackCode = `
function handler(event) {
  var request = event.request;
  if (!/\\.[^/]*$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

export class PrepaidShipStack extends Stack {
  constructor(scope: Construct, id: string, props: PrepaidShipStackProps) {
    super(scope, id, props);
    const { removalPolicy, logRetention } = stageSettings[props.stage];
    const isProd = props.stage === 'prod';

    const webAssetsDir = props.webAssetsDir ?? path.join(projectRoot, 'dist');
    if (!existsSync(path.join(webAssetsDir, 'index.html'))) {
      throw new Error(`No web build in ${webAssetsDir} (index.html missing): run \`npm run build\` before synthesizing the stack.`);
    }

    // --- Data: the one table, shaped by the same definition DynamoDB Local uses.
    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
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

    // --- API: one Lambda and one route per route-table entry. No authorizer: handlers verify the JWT.
    const api = new HttpApi(this, 'Api', { description: `PrepaidShip API (${props.stage})` });
    for (const route of routes) {
      new RouteFunction(this, constructIdFor(route.handler), {
        route,
        entry: path.join(projectRoot, 'functions', 'handlers', `${route.handler}.ts`),
        table,
        api,
        logRetention,
        removalPolicy,
      });
    }

    // --- Web: private bucket, reachable only through CloudFront (origin access control).
    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy,
      // The bucket only holds build output, so in dev `cdk destroy` may empty it.
      autoDeleteObjects: !isProd,
    });

    const apiOrigin = new origins.HttpOrigin(`${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });
    // API calls are personal and mostly writes: never cached, every viewer header (Authorization
    // included, which CloudFront allows when caching is disabled) and the query string go through.
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `PrepaidShip ${props.stage}`,
      defaultRootObject: 'index.html',
      // Customers ship inside the US: the cheapest price class covers North America (and Europe).
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaFallback', {
              code: cloudfront.FunctionCode.fromInline(spaFallbackCode),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: Object.fromEntries(apiPathPatterns.map((pattern) => [pattern, apiBehavior])),
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

    new CfnOutput(this, 'SiteUrl', { value: `https://${distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiEndpoint', { value: api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}
