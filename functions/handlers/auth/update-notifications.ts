/**
 * PUT /auth/notifications: the caller's mail settings, all three at once as the Profile
 * page's form holds them; answers the profile with them.
 */
import { profileAnswer } from '../../accounts/profile-answer';
import { updateNotificationSettings } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.updateNotifications, async function updateNotifications({ auth, body }) {
  return profileAnswer(await updateNotificationSettings(auth.userId, body), auth);
});
