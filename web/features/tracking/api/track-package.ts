import useSWRMutation from 'swr/mutation';
import type { TrackBody } from '@domain/schemas/tracking';
import { apiRequest } from '@/api-client/client';

/** A package's status (SPEC section 4 names four; AfterShip's others are lower snake_case too). */
export type TrackingTag =
  | 'pre_transit'
  | 'in_transit'
  | 'out_for_delivery'
  | 'attempt_fail'
  | 'available_for_pickup'
  | 'delivered'
  | 'failure'
  | 'expired'
  | (string & {});

/** One scan (SPEC section 3). Times are the scan's local time with its offset. */
export interface Checkpoint {
  checkpoint_time: string;
  tag: TrackingTag;
  city: string | null;
  state: string | null;
  country_iso3: string | null;
  message: string;
}

/** SPEC section 3's tracking result, plus the USPS service; checkpoints oldest first. */
export interface TrackingResult {
  tracking_number: string;
  slug: string;
  tag: TrackingTag;
  expected_delivery: string | null;
  aftership_estimated_delivery_date: string | null;
  courier_tracking_link: string;
  service?: string | null;
  checkpoints: Checkpoint[];
}

/** SPEC section 7: the answer carries `tracking`, or `data.tracking`. */
interface TrackAnswer {
  tracking?: TrackingResult;
  data?: { tracking?: TrackingResult };
}

/** POST /shipping/track: 400 for a malformed number, 404 for one nobody knows. */
export async function trackPackage(body: TrackBody): Promise<TrackingResult> {
  const answer = await apiRequest<TrackAnswer>('POST /shipping/track', { body });
  const tracking = answer.tracking ?? answer.data?.tracking;
  if (!tracking) throw new Error('The tracking answer has no tracking result');
  return tracking;
}

export function useTrackPackage() {
  return useSWRMutation('POST /shipping/track', (_key, { arg }: { arg: TrackBody }) => trackPackage(arg));
}
