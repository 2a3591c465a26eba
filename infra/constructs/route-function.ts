/**
 * One entry of domain/api/route-table.ts made real: its Lambda (./product-function.ts: its own log group
 * and exactly the access its code needs, the table's level from the route table's `table`) and its
 * API Gateway route. The stack only loops over the route table.
 */
import { Duration, Tags } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { type Access, routeKey, type RouteEntry } from '../../domain/api/routes';
import { keyScopeOf } from '../../domain/api/key-scope';
import { ProductFunction, type ProductFunctionProps } from './product-function';

/** Tag on every resource of a route (function, role, log group): its handler module, e.g. `auth/login`. */
export const ROUTE_TAG = 'prepaidship:handler';

/** The access levels whose requests carry a session token. */
const SIGNED_IN: ReadonlySet<Access> = new Set(['otp', 'user', 'admin']);

export interface RouteFunctionProps extends Omit<ProductFunctionProps, 'description' | 'table' | 'timeout'> {
  route: RouteEntry;
  api: HttpApi;
}

/** `auth/get-profile` -> `AuthGetProfile`: a construct id, and so a logical id, that follows the handler's name. */
export function constructIdFor(handler: string): string {
  return handler
    .split(/[/-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** `auth/get-profile` -> `auth`: the area of the route table a handler belongs to, one nested stack each. */
export const routeArea = (handler: string): string => handler.split('/')[0]!;

export class RouteFunction extends ProductFunction {
  readonly route: RouteEntry;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    // 10 s: API Gateway gives up on an integration after 30 s, and every route answers in far less.
    super(scope, id, { ...props, description: routeKey(props.route), table: props.route.table, timeout: Duration.seconds(10) });
    this.route = props.route;

    new HttpRoute(this, 'Route', {
      httpApi: props.api,
      routeKey: HttpRouteKey.with(props.route.path, HttpMethod[props.route.method]),
      integration: new HttpLambdaIntegration('Integration', this.function),
    });

    // A signed-in request records its session's use (touchSession, functions/data/sessions.ts) even on a
    // read-only route: UpdateItem of that one attribute, nothing else (the keys must be named too).
    if (props.route.table === 'read' && SIGNED_IN.has(props.route.access)) {
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [props.tableResource.tableArn],
          conditions: {
            'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
            StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
          },
        }),
      );
    }

    // A read-only route an API key reaches counts the key's requests (functions/accounts/limits.ts:
    // limitApiKey) in the key's rate window items, and only there; the key's lastUsedAt is covered above.
    if (props.route.table === 'read' && keyScopeOf(props.route) !== 'none') {
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [props.tableResource.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#api-key#*'] },
            StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
          },
        }),
      );
    }

    Tags.of(this).add(ROUTE_TAG, props.route.handler);
  }
}
