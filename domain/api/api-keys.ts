/** API keys as the /account/api-keys routes answer them: the record, never the key's hash; the key itself once, at creation. */
import * as z from 'zod';
import { API_KEY_SCOPES } from '../api-keys';

export const apiKeyRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart (`psk_live_AbCd`).' }),
    createdAt: z.string(),
    lastUsedAt: z.string().optional().meta({ description: 'When the key last authenticated a request, to within about a minute.' }),
    revokedAt: z.string().optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

export const createdApiKeySchema = z
  .object({
    key: z.string().meta({ description: 'The key, shown this once: only its hash is stored. Send it as `Authorization: Bearer <key>`.' }),
    apiKey: apiKeyRecordSchema,
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
