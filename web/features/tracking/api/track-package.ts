import useSWRMutation from 'swr/mutation';
import type { TrackBody } from '@domain/schemas/tracking';
import type { TrackingResult } from '@domain/api/tracking';
import { apiRequest } from '@/api-client/client';

/** POST /shipping/track: 400 for a malformed number, 404 for one nobody knows. */
export async function trackPackage(body: TrackBody): Promise<TrackingResult> {
  const answer = await apiRequest('POST /shipping/track', { body });
  return answer.tracking;
}

export function useTrackPackage() {
  return useSWRMutation('POST /shipping/track', (_key, { arg }: { arg: TrackBody }) => trackPackage(arg));
}
