/**
 * POST /account/webhooks: registers an endpoint and answers its signing secret, the only time it is
 * shown. The address must be https and public in production (functions/webhooks/url-policy.ts).
 */
import { createWebhook } from '../../data/webhooks';
import { BadRequest } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { refusalOf } from '../../webhooks/url-policy';

export const handler = api(route.createWebhook, async function registerWebhook({ auth, body }) {
  const refusal = refusalOf(body.url);
  if (refusal) throw new BadRequest(refusal, { url: refusal });
  return new Reply(201, await createWebhook(auth.accountId, body));
});
