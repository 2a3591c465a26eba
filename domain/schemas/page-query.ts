/** The page part of every list route's query string, on its own so a list route's bundle holds no other route's filters. */
import * as z from './zod';
import { schema } from './zod';

/** `?cursor=&limit=` of every paged list: at most 100 items a page, 50 by default. */
export const pageQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    cursor: z.optional(z.string().check(z.maxLength(4096))),
    limit: z._default(z.coerce.number({ error: 'limit must be a number from 1 to 100' }).check(z.int(), z.gte(1), z.lte(100)), 50),
  }),
);
