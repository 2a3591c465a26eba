import { useApiQuery } from '@/api-client/swr-config';
import { useSession } from '@/lib/session';

export const profilePictureKey = 'GET /auth/get-profile-picture' as const;

/** The signed-in user's avatar image; while it loads or if it fails the header shows initials. */
export function useProfilePicture() {
  const { token, isVerified } = useSession();
  return useApiQuery(token && isVerified ? profilePictureKey : null, { revalidateOnFocus: false });
}
