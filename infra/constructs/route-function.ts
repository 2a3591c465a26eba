/**
 * One entry of domain/api/route-table.ts made real: its Lambda (./product-function.ts: its own log group
 * and exactly the access its code needs, the table's level from the route table's `table`) and its
 * API Gateway route. The stack only loops over the route table.
 */
import { Duration, Tags } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { routeKey, type RouteEntry } from '../../domain/api/routes';
import { ProductFunction, type ProductFunctionProps } from './product-function';

/** Tag on every resource of a route (function, role, log group): its handler module, e.g. `auth/login`. */
export const ROUTE_TAG = 'prepaidship:handler';

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

    Tags.of(this).add(ROUTE_TAG, props.route.handler);
  }
}
