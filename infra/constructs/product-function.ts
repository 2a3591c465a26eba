/**
 * One Lambda of the product, with its own log group and exactly the access its code needs. Every
 * Lambda is built here (the route Lambdas through ./route-function.ts, the scheduled work through
 * ./scheduled-work.ts), so they all share one runtime, bundling, tracing and logging setup.
 *
 * What a Lambda may touch:
 * - the table: what `table` says (`read` or `write`, nothing for `none`);
 * - the label bucket: only when the code's bundle contains the label store, read-only unless it
 *   writes (infra/handler-usage.ts reads that from the code);
 * - SES: only when the bundle contains the mailer;
 * - the batch queue: sending only, when the bundle contains the batch queue; the webhook queue likewise;
 * - SSM: the secret parameters its code reads (infra/handler-usage.ts finds their names in the
 *   bundle), by exact name, and only those; functions/config.ts reads them at cold start, told
 *   which by SECRETS_USED;
 * - CloudWatch Logs: its own log group only (an own role instead of AWSLambdaBasicExecutionRole,
 *   which may write to every log group of the account).
 */
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { TableAccess } from '../../domain/api/routes';
import { SECRETS_USED_VARIABLE, type SecretName } from '../../functions/secrets-loader';
import type { HandlerUsage } from '../handler-usage';
import { besideBundleCommands, LAMBDA_BUNDLING } from '../lambda-bundling';
import { DEFAULT_LAMBDA_TRACING, FUNCTION_MEMORY_MB, type LambdaTracing } from '../lambda-settings';

export interface ProductFunctionProps {
  /** The module's file; it exports `handler`. */
  entry: string;
  description: string;
  /** What the code does with the table; the grant is exactly this. */
  table: TableAccess;
  /** What the code's bundle reaches besides the table (infra/handler-usage.ts). */
  usage: HandlerUsage;
  /** How long one invocation may run. */
  timeout: Duration;
  tableResource: ITable;
  labelBucket: IBucket;
  /** Settings every Lambda gets; never a secret (the stack checks). */
  environment: Record<string, string>;
  /** The ARN of the SSM parameter holding a secret; the function may read those its code uses (usage.secrets). */
  secretParameterArn: (name: SecretName) => string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** The batch queue: code whose bundle sends to it gets its URL and sqs:SendMessage. */
  batchQueue?: IQueue;
  /** The webhook queue: code whose bundle sends to it gets its URL and sqs:SendMessage. */
  webhookQueue?: IQueue;
  /** X-Ray mode (infra/lambda-settings.ts); PassThrough unless the stage asks for Active. */
  tracing?: LambdaTracing;
}

export class ProductFunction extends Construct {
  readonly table: TableAccess;
  readonly usage: HandlerUsage;
  readonly tracing: LambdaTracing;
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    super(scope, id);
    const { usage, labelBucket } = props;
    const table = props.tableResource;
    this.table = props.table;
    this.usage = usage;
    this.tracing = props.tracing ?? DEFAULT_LAMBDA_TRACING;

    // Our own log group (not the implicit one Lambda creates) so retention and removal follow the stage.
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `PrepaidShip ${props.description}`,
    });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }));

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: props.timeout,
      memorySize: FUNCTION_MEMORY_MB,
      role,
      logGroup: this.logGroup,
      // JSON lines carry Lambda's requestId, so a logged 5xx can be found from the id the client saw;
      // Powertools Logger (functions/observability/logger.ts) writes JSON lines with the same id.
      loggingFormat: LoggingFormat.JSON,
      // PassThrough by default: nothing upstream samples (HTTP APIs have no X-Ray), so Active would
      // record every call at $5 a million for traces that hold less than the error's log line
      // (infra/lambda-settings.ts). Explicit rather than left out, so a stage that was Active goes back.
      tracing: this.tracing === 'Active' ? Tracing.ACTIVE : Tracing.PASS_THROUGH,
      environment: {
        ...props.environment,
        ...(usage.labelStore ? { LABEL_BUCKET: labelBucket.bucketName } : {}),
        ...(usage.batchQueue && props.batchQueue ? { BATCH_QUEUE_URL: props.batchQueue.queueUrl } : {}),
        ...(usage.webhookQueue && props.webhookQueue ? { WEBHOOK_QUEUE_URL: props.webhookQueue.queueUrl } : {}),
        TABLE_NAME: table.tableName,
        // Which secrets the cold start reads: exactly those the role may read, so none is refused.
        [SECRETS_USED_VARIABLE]: usage.secrets.join(','),
      },
      // One definition, shared with the Lambda bench (bench/lambdas.ts) so it measures what is deployed;
      // what the code loads only on first use (Stripe, pdf-lib, bwip-js, the ZIP table) goes beside
      // the bundle, and only to the functions whose code reaches it (infra/handler-usage.ts).
      bundling:
        usage.beside.imports.length || usage.beside.files.length
          ? {
              ...LAMBDA_BUNDLING,
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir, outputDir) => besideBundleCommands(inputDir, outputDir, usage.beside),
              },
            }
          : LAMBDA_BUNDLING,
    });

    // Least privilege: the caller says what the code does with the table.
    if (props.table === 'read') table.grantReadData(this.function);
    if (props.table === 'write') table.grantReadWriteData(this.function);

    // Label PDFs: downloads read them, purchases write them; nobody deletes them. ListBucket makes a
    // missing object answer NoSuchKey (a 404) instead of AccessDenied.
    if (usage.labelStore) {
      role.addToPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [labelBucket.bucketArn] }));
      const objectActions = props.table === 'write' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'];
      role.addToPolicy(new PolicyStatement({ actions: objectActions, resources: [labelBucket.arnForObjects('*')] }));
    }

    // The batch queue: only code that sends a batch to its worker (sqs:SendMessage, nothing else).
    if (usage.batchQueue && props.batchQueue) props.batchQueue.grantSendMessages(this.function);
    if (usage.webhookQueue && props.webhookQueue) props.webhookQueue.grantSendMessages(this.function);

    // SES authorizes a send against the sender's identity (and, in the SES sandbox, the recipient's),
    // both verified by the operator after deploy, so the resource is the account's identities; and
    // against the configuration set the mail is sent under (SES_CONFIGURATION_SET), by name.
    if (usage.mail) {
      const stack = Stack.of(this);
      const configurationSet = props.environment.SES_CONFIGURATION_SET;
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
            ...(configurationSet ? [stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet })] : []),
          ],
        }),
      );
    }

    // The secrets its code reads, each by its exact parameter name: a sign-in function cannot read the
    // Stripe key. No kms:Decrypt: SecureStrings under the AWS-managed aws/ssm key decrypt for any
    // principal of the account that may read the parameter.
    if (usage.secrets.length) {
      this.function.addToRolePolicy(
        new PolicyStatement({ actions: ['ssm:GetParameters', 'ssm:GetParameter'], resources: usage.secrets.map(props.secretParameterArn) }),
      );
    }
  }
}
