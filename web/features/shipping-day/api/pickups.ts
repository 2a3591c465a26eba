import { useCallback } from 'react';
import useSWRMutation from 'swr/mutation';
import type { ApiPickup } from '@domain/api/shipping-day';
import type { PickupBody } from '@domain/schemas/shipping-day';
import { apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

export const pickupsPageKeys = cursorPageKeys('GET /shipping/pickups', { limit: '20' });

/** The signed-in shipper's pickups, newest first, page by page. */
export function usePickups() {
  const { items, ...pages } = useCursorPages(pickupsPageKeys, (page) => page.pickups);
  return { ...pages, pickups: items };
}

export function bookPickup(body: PickupBody): Promise<ApiPickup> {
  return apiRequest('POST /shipping/pickups', { body });
}

export function cancelPickup(id: string): Promise<ApiPickup> {
  return apiRequest('DELETE /shipping/pickups/{id}', { params: { id } });
}

/** Books or cancels a pickup; the list then shows it as it stands. */
export function useChangePickups() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = useCallback(() => revalidateRoutes('GET /shipping/pickups'), [revalidateRoutes]);
  const book = useSWRMutation('POST /shipping/pickups', (_key, { arg }: { arg: PickupBody }) => bookPickup(arg), { onSuccess: () => void revalidate() });
  const cancel = useSWRMutation('DELETE /shipping/pickups/{id}', (_key, { arg: id }: { arg: string }) => cancelPickup(id), {
    onSuccess: () => void revalidate(),
  });
  return { book: book.trigger, cancel: cancel.trigger };
}
