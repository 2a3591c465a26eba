/**
 * The CDK stack against the route table and the table definition: one Lambda and one API route per
 * entry, the table's keys and indexes, a private site bucket, and CloudFront sending exactly the API
 * prefixes to API Gateway. Bundling is skipped (context `aws:cdk:bundling-stacks: []`) so a synth takes
 * seconds; `npm run synth` covers the real esbuild bundling.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/data/table';
import { apiPathPatterns, routeKey, routes } from '../../functions/routes';
import { ROUTE_TAG } from '../../infra/constructs/route-function';
import { PrepaidShipStack, type Stage } from '../../infra/stack';

/** CloudFront's managed policy ids (the same in every account). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Properties: Record<string, any> };

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway web build with just an index.html. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'prepaidship-web-'));
  tempDirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PrepaidShip</title>');
  return dir;
}

/** Synthesizes the stack with cdk.json's feature flags, as `cdk synth` would, minus bundling. */
function synth(stage: Stage, webAssetsDir = fakeWebBuild()): Template {
  const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'));
  const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  return Template.fromStack(new PrepaidShipStack(app, `PrepaidShip-${stage}`, { stage, webAssetsDir }));
}

const template = synth('dev');

/** The route Lambdas (other constructs such as BucketDeployment bring Lambdas of their own), by handler. */
function routeFunctions(): Map<string, Resource> {
  const byHandler = new Map<string, Resource>();
  for (const fn of Object.values(template.findResources('AWS::Lambda::Function')) as Resource[]) {
    const tag = (fn.Properties.Tags ?? []).find((t: { Key: string }) => t.Key === ROUTE_TAG);
    if (tag) byHandler.set(tag.Value, fn);
  }
  return byHandler;
}

/** Every IAM action granted to a route's Lambda role. */
function actionsOf(handler: string): string[] {
  const fn = routeFunctions().get(handler);
  const roleId = fn?.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: { Action: string | string[] }) => s.Action);
}

describe('route Lambdas and API routes', () => {
  it('makes exactly one Lambda per route-table entry', () => {
    const functions = routeFunctions();
    expect(functions.size).toBe(routes.length);
    expect([...functions.keys()].sort()).toEqual(routes.map((r) => r.handler).sort());
  });

  it('gives every route Lambda the shared runtime, limits and environment', () => {
    for (const fn of routeFunctions().values()) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Timeout: 10,
        MemorySize: 512,
        LoggingConfig: { LogFormat: 'JSON' },
        Environment: { Variables: { TABLE_NAME: { Ref: expect.any(String) }, NODE_OPTIONS: '--enable-source-maps' } },
      });
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('makes one API Gateway route per entry with the exact "METHOD /path" key', () => {
    const keys = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]).map(
      (r) => r.Properties.RouteKey,
    );
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it('adds no API Gateway authorizer (handlers verify the JWT themselves)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
  });
});

describe('table permissions follow the route table', () => {
  const readRoute = routes.find((r) => r.method === 'GET' && r.table === 'read')!;
  const writeRoute = routes.find((r) => r.table === 'write')!;

  it(`lets a read route (${routeKey(readRoute)}) read but not write`, () => {
    const actions = actionsOf(readRoute.handler);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
      expect(actions).not.toContain(write);
    }
  });

  it(`lets a write route (${routeKey(writeRoute)}) write`, () => {
    expect(actionsOf(writeRoute.handler)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
  });
});

describe('DynamoDB table', () => {
  it('has the pk/sk keys, both GSIs, TTL and point-in-time recovery, on demand', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table')) as Resource[];
    expect(table!.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    expect(table!.Properties.GlobalSecondaryIndexes).toEqual(
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
    const prod = synth('prod');
    prod.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });
});

describe('web hosting', () => {
  const distribution = () =>
    (Object.values(template.findResources('AWS::CloudFront::Distribution')) as Resource[])[0]!.Properties
      .DistributionConfig;

  it('keeps the site bucket private and encrypted', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('sends exactly the API prefixes, uncached, to the API origin', () => {
    const config = distribution();
    const apiOrigin = config.Origins.find((o: Record<string, unknown>) => o.CustomOriginConfig);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');

    expect(config.CacheBehaviors).toHaveLength(apiPathPatterns.length);
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(
      [...apiPathPatterns].sort(),
    );
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

  it('falls back to index.html with a viewer-request function, not distribution-wide error pages', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it('refuses to synthesize without a web build', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'prepaidship-empty-'));
    tempDirs.push(empty);
    expect(() => synth('dev', empty)).toThrow(/npm run build/);
  });

  it('outputs the site URL, the API endpoint and the table name', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual(['ApiEndpoint', 'SiteUrl', 'TableName']);
  });
});
