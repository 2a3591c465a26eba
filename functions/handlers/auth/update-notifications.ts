/**
 * PUT /auth/notifications: the caller's mail settings, all three at once as the Profile
 * page's form holds them; answers the profile with them.
 */
import { toApiUser } from '../../../domain/api/user-answer';
import { updateNotificationSettings } from '../../data/users';
import { api } from '../../http/handler';
import { authUpdateNotificationsRoute } from '../../../domain/api/routes';

export const handler = api(authUpdateNotificationsRoute, async function updateNotifications({ auth, body }) {
  return toApiUser(await updateNotificationSettings(auth.userId, body));
});
