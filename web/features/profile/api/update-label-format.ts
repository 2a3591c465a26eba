import useSWRMutation from 'swr/mutation';
import type { LabelFormatBody } from '@domain/schemas/label-formats';
import { apiRequest } from '@/api-client/client';
import { profileKey, type Profile } from './get-profile';

/** PUT /auth/label-format: the file a label download gives when it names none; answers the profile with it. */
export function updateLabelFormat(body: LabelFormatBody): Promise<Profile> {
  return apiRequest('PUT /auth/label-format', { body });
}

/** Saves the default label format under the profile's cache key, so the answer replaces the cached profile. */
export function useUpdateLabelFormat() {
  return useSWRMutation(profileKey, (_key, { arg }: { arg: LabelFormatBody }) => updateLabelFormat(arg), {
    populateCache: true,
    revalidate: false,
  });
}
