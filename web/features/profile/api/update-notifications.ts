import useSWRMutation from 'swr/mutation';
import type { NotificationSettingsBody } from '@domain/schemas/notifications';
import { apiRequest } from '@/api-client/client';
import { profileKey, type Profile } from './get-profile';

/** PUT /auth/notifications: all three mail settings; answers the profile with them. */
export function updateNotifications(body: NotificationSettingsBody): Promise<Profile> {
  return apiRequest('PUT /auth/notifications', { body });
}

/** Saves the mail settings under the profile's cache key, so the answer replaces the cached profile. */
export function useUpdateNotifications() {
  return useSWRMutation(profileKey, (_key, { arg }: { arg: NotificationSettingsBody }) => updateNotifications(arg), {
    populateCache: true,
    revalidate: false,
  });
}
