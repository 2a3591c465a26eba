/**
 * The CDK app: one stack per stage, chosen with `-c stage=dev|prod` (default dev), named
 * `PrepaidShip-<stage>`. Account and region come from the CLI's credentials at deploy time.
 *
 * Per-stage settings live in cdk.json under `context.prepaidship.<stage>`:
 *   domainName + certificateArn (optional, together; the certificate in us-east-1), alarmEmail,
 *   settings (non-secret Lambda settings such as MAIL_FROM, SUPPORT_EMAIL, CARRIER_PROVIDER),
 *   secrets (the names of the secrets the stage holds in SSM, which a synth cannot read),
 *   tracing ("Active" turns X-Ray active tracing on for an investigation; PassThrough otherwise,
 *   infra/lambda-settings.ts).
 * `-c domainName=... -c certificateArn=... -c alarmEmail=... -c tracing=Active` on the command line override them.
 * A prod stage left on sandboxes, or without the secrets its providers need, does not synthesize
 * (infra/production-guard.ts).
 *
 * cdk-nag's AWS Solutions checks run on every synth and deploy: an unacknowledged finding stops both.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { z } from 'zod';
import { SECRET_NAMES } from '../functions/secrets-loader';
import { PrepaidShipStack, type Stage } from './stack';

const app = new App();

const stage: unknown = app.node.tryGetContext('stage') ?? 'dev';
if (stage !== 'dev' && stage !== 'prod') {
  throw new Error(`Unknown stage "${String(stage)}": use -c stage=dev or -c stage=prod.`);
}

// An empty string in cdk.json means "not set".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const stageContext = z
  .object({
    domainName: optional(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'a host name such as labels.example.com')),
    certificateArn: optional(z.string().regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/, 'an ACM certificate ARN in us-east-1')),
    alarmEmail: optional(z.email()),
    settings: z.record(z.string(), z.string()).default({}),
    secrets: z.array(z.enum(SECRET_NAMES)).default([]),
    tracing: optional(z.enum(['PassThrough', 'Active'])),
  })
  .refine((c) => !c.domainName === !c.certificateArn, 'domainName and certificateArn go together');

const fromFile = (app.node.tryGetContext('prepaidship') as Record<string, unknown> | undefined)?.[stage] ?? {};
const fromCli = Object.fromEntries(
  ['domainName', 'certificateArn', 'alarmEmail', 'tracing'].flatMap((key) => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined ? [] : [[key, value]];
  }),
);
const parsed = stageContext.safeParse({ ...fromFile, ...fromCli });
if (!parsed.success) {
  throw new Error(`cdk.json context.prepaidship.${stage}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'context'}: ${i.message}`).join('; ')}`);
}
const { domainName, certificateArn, alarmEmail, settings, secrets, tracing } = parsed.data;

new PrepaidShipStack(app, `PrepaidShip-${stage}`, {
  stage: stage satisfies Stage,
  description: `PrepaidShip (${stage}): prepaid USPS labels - SPA on CloudFront, one Lambda per route, one DynamoDB table`,
  domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
  alarmEmail,
  settings,
  secrets,
  tracing,
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
