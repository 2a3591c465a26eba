import { useApiQuery } from '@/api-client/swr-config';
import { useSession } from '@/lib/session';

/** GET /auth/get-profile-picture: an image URL (today a data: URL of the initials). */
export interface ProfilePicture {
  success: boolean;
  picture: string;
  message?: string;
}

export const profilePictureKey = 'GET /auth/get-profile-picture' as const;

/** The signed-in user's avatar image; while it loads or if it fails the header shows initials. */
export function useProfilePicture() {
  const { token, isVerified } = useSession();
  return useApiQuery<ProfilePicture>(token && isVerified ? profilePictureKey : null, { revalidateOnFocus: false });
}
