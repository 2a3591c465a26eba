/**
 * The shape of one route-table entry (./route-table.ts). Apart from ./routes.ts, which lists the
 * table, so that the table and its list do not import each other.
 */
import type * as z from '../schemas/zod';
import type { KeyScope } from '../api-keys';
import type { TeamRole } from './team-roles';

/**
 * Who may call a route: anyone; a signed-in account still entering its one-time code (`otp`: the
 * sign-in token reaches only these routes); a verified user; an admin; or a payment provider
 * (`webhook`: no token, the handler checks the provider's signature).
 */
export type Access = 'public' | 'otp' | 'user' | 'admin' | 'webhook';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route's Lambda may do with the table; the stack grants exactly this. */
export type TableAccess = 'none' | 'read' | 'write';

export interface RouteEntry {
  method: Method;
  /** API Gateway style path: `{name}` marks a path parameter. */
  path: string;
  access: Access;
  /** Module under functions/handlers/, without extension; it exports `handler`. */
  handler: string;
  table: TableAccess;
  /** zod schema of the JSON body (domain/schemas/, shared with the form); none for webhooks, which verify the raw body. */
  body?: z.ZodMiniType;
  /**
   * A route whose body is a file, not JSON (a batch's CSV): its media type. The factory refuses
   * another Content-Type with 415 and hands the handler the raw bytes; `body` is then absent.
   */
  textBody?: 'text/csv';
  /** zod schema of the query string. */
  query?: z.ZodMiniType;
  /** The status of a successful answer: 200 unless given. */
  status?: 201;
  /** A file route that may answer 303 See Other to a link instead of the file: when it does. */
  seeOther?: string;
  /**
   * Error statuses the route's own code answers (a missing order, a used code, a provider down),
   * beyond those the factory gives every route of its kind (400 for bad input, 401 and 403 for
   * tokens, 415 and 413 for bodies, 500): the published document lists both (domain/api/openapi.ts).
   */
  errors?: readonly ErrorStatus[];
  /** What the published document should say of this route beyond its access (an odd path, a file's format). */
  note?: string;
  /**
   * The scope an API key needs to call this `user` route, or `none` when no key may; absent, it is
   * derived from the method and path (keyScopeOf, ./key-scope.ts).
   */
  keyScope?: KeyScope;
  /**
   * A `user` route's least team role (domain/api/team-roles.ts); when absent, `teamRoleOf` derives
   * it from the method and path. Given explicitly on the owner-only routes (money, members).
   */
  teamRole?: TeamRole;
}

/** The error statuses the API answers; every one carries the error shape (domain/api/errors.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502;
