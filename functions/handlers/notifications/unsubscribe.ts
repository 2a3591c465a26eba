/**
 * POST /notifications/unsubscribe?token=: a notice mail's one-click unsubscribe (RFC 8058) and the
 * SPA's /unsubscribe page. Public: the signed token is the proof (functions/notifications/
 * unsubscribe-tokens.ts). The route has no body schema, so the `List-Unsubscribe=One-Click` form
 * body mail providers send is accepted as it is and never parsed as JSON.
 */
import { SHIPPER_NOTICES } from '../../../domain/api/notification-settings';
import { suppressRecipient } from '../../data/notices';
import { updateNotificationSettings } from '../../data/users';
import { BadRequest, NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { verifyUnsubscribeToken } from '../../notifications/unsubscribe-tokens';

const NAMES: Record<(typeof SHIPPER_NOTICES)[number], string> = {
  delivered: 'delivery notices',
  exception: 'delivery problem notices',
  unused: 'unused-label reminders',
};

export const handler = api(route.unsubscribe, async function unsubscribe({ query, log }) {
  const target = await verifyUnsubscribeToken(query.token);
  if (!target) throw new BadRequest('This unsubscribe link is not valid');
  if ('recipient' in target) {
    await suppressRecipient(target.recipient);
    log.info('recipient unsubscribed from tracking mails');
    return { message: `${target.recipient} gets no more tracking mails from PrepaidShip.`, unsubscribed: 'recipient' as const };
  }
  try {
    await updateNotificationSettings(target.userId, { [target.kind]: false });
  } catch (err) {
    // The account was deleted since the mail: there is nothing left to mail it.
    if (!(err instanceof NotFound)) throw err;
  }
  return { message: `You get no more ${NAMES[target.kind]}. You can turn them on again in your profile.`, unsubscribed: target.kind };
});
