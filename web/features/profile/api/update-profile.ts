import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { UpdateProfileBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import { toSessionUser, updateSessionUser } from '@/lib/session';
import { profileKey, type Profile } from './get-profile';
import { profilePictureKey } from './get-profile-picture';

/** PUT /auth/profile; leave `password` out to keep the current one. Answers the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return apiRequest('PUT /auth/profile', { body });
}

/**
 * Saves the profile under the profile's own cache key, so the answer replaces the cached profile
 * and the header's name follows (the stored session user and the initials picture too).
 */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(profileKey, (_key, { arg }: { arg: UpdateProfileBody }) => updateProfile(arg), {
    populateCache: true,
    revalidate: true,
    onSuccess: (profile) => {
      updateSessionUser(toSessionUser(profile));
      void mutate(profilePictureKey);
    },
    onError: (error) => console.error('Profile update failed', error),
  });
}
