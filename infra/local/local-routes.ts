/**
 * Routes that exist only on the local front (`/_local/...`), never in AWS: they stand in for what a
 * developer would otherwise look up in a real inbox or a provider's dashboard.
 *
 *   GET /_local/outbox?to=<email>   mails the local outbox "sent", newest first: [{ to, subject, text, sentAt }]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listOutbox } from '../../functions/data/outbox';
import { sendJson } from './lambda-front';

export async function localRoutes(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'GET' && url.pathname === '/_local/outbox') {
    const to = url.searchParams.get('to') ?? undefined;
    return sendJson(res, 200, await listOutbox({ to, limit: 100 }));
  }
  sendJson(res, 404, { message: 'Not found' });
}
