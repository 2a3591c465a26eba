/**
 * One entry of functions/routes.ts made real: its Lambda (with its own log group), the table access
 * the entry asks for, and its API Gateway route. Every route Lambda is built here, so they all share
 * one runtime, bundling and logging setup; the stack only loops over the route table.
 */
import { Duration, type RemovalPolicy, Tags } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type RouteEntry } from '../../functions/routes';

/** Tag on every resource of a route (function, role, log group): its handler module, e.g. `auth/login`. */
export const ROUTE_TAG = 'prepaidship:handler';

export interface RouteFunctionProps {
  route: RouteEntry;
  /** The handler module's file (functions/handlers/<handler>.ts); it exports `handler`. */
  entry: string;
  table: ITable;
  api: HttpApi;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** `auth/get-profile` -> `AuthGetProfile`: a construct id, and so a logical id, that follows the handler's name. */
export function constructIdFor(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export class RouteFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route, table } = props;

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: routeKey(route),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: Duration.seconds(10),
      memorySize: 512,
      // Our own log group (not the implicit one Lambda creates) so retention and removal follow the stage.
      logGroup: new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy }),
      // JSON lines carry Lambda's requestId, so a logged 5xx can be found from the id the client saw.
      loggingFormat: LoggingFormat.JSON,
      environment: {
        TABLE_NAME: table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        // Line mapping is all stack traces need; leaving the sources out keeps the zip small.
        sourcesContent: false,
        // Bundle the AWS SDK too: Lambda then runs the exact SDK version the tests ran against.
        externalModules: [],
        // CommonJS dependencies inside an ESM bundle still call require(); give them one.
        banner:
          "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
        forceDockerBundling: false,
      },
    });

    // Least privilege: the route table says what each handler does with the table.
    if (route.table === 'read') table.grantReadData(this.function);
    if (route.table === 'write') table.grantReadWriteData(this.function);

    new HttpRoute(this, 'Route', {
      httpApi: props.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration('Integration', this.function),
    });

    Tags.of(this).add(ROUTE_TAG, route.handler);
  }
}
