import useSWRMutation from 'swr/mutation';
import type { SavedPackage } from '@domain/api/packages';
import type { PackageBody } from '@domain/schemas/packages';
import { apiRequest } from '@/api-client/client';
import { packagesKey } from './list-packages';

/** POST /auth/packages: 409 for a name already saved, or at the limit. */
export function createPackage(body: PackageBody): Promise<SavedPackage> {
  return apiRequest('POST /auth/packages', { body });
}

/** PUT (make default) or DELETE (no longer default) /auth/packages/{id}/default. */
export function setDefault(id: string, isDefault: boolean): Promise<SavedPackage> {
  return isDefault ? apiRequest('PUT /auth/packages/{id}/default', { params: { id } }) : apiRequest('DELETE /auth/packages/{id}/default', { params: { id } });
}

/** DELETE /auth/packages/{id}: 404 for an unknown id or another user's. */
export function deletePackage(id: string): Promise<{ message: string }> {
  return apiRequest('DELETE /auth/packages/{id}', { params: { id } });
}

/** Each change refetches the saved list, so the page and the label dialog show it at once. */
export const useCreatePackage = () => useSWRMutation(packagesKey, (_key, { arg }: { arg: PackageBody }) => createPackage(arg));
export const useSetDefaultPackage = () =>
  useSWRMutation(packagesKey, (_key, { arg }: { arg: { id: string; isDefault: boolean } }) => setDefault(arg.id, arg.isDefault));
export const useDeletePackage = () => useSWRMutation(packagesKey, (_key, { arg: id }: { arg: string }) => deletePackage(id));
