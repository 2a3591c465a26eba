/** POST /account/api-keys: a key's name and scopes (the keys page's form and the Lambda alike). */
import * as z from './zod';
import { schema } from './zod';
import { oneLineText } from './fields';
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '../api-keys';

export const API_KEY_SCOPES_MESSAGE = 'Choose at least one scope';
export const API_KEY_SCOPE_MESSAGE = `scopes must be among ${API_KEY_SCOPES.join(', ')}`;

export const apiKeySchema = /* @__PURE__ */ schema(() =>
  z.object(
    {
      name: oneLineText('Name the key', API_KEY_NAME_MAX),
      scopes: z
        .array(z.enum(API_KEY_SCOPES, { error: API_KEY_SCOPE_MESSAGE }), { error: API_KEY_SCOPES_MESSAGE })
        .check(
          z.minLength(1, API_KEY_SCOPES_MESSAGE),
          z.refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
        )
        .register(z.globalRegistry, {
          description: '`read`: every GET a key reaches; `labels`: quotes, purchases, refunds, batches, pickups, tracking; `wallet`: top-up checkouts.',
        }),
    },
    { error: 'Required' },
  ),
);
export type ApiKeyBody = z.output<typeof apiKeySchema>;
