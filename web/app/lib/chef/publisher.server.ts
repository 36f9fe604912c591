import { apiFetch, isApiError } from '../api/client.server';
import type { PublisherDetail } from './chef-types';
import { KITCHEN_UPLOADS } from './chef-registration';
import type { KitchenUpload } from './chef-registration';
import { forwardFiles } from '../http/multipart.server';

/** The signed-in user's kitchen in any status, or null when they have not registered one (404). */
export async function ownPublisher(request: Request): Promise<PublisherDetail | null> {
  try {
    return (await apiFetch<PublisherDetail>(request, 'publisher')).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export async function registerPublisher(
  request: Request,
  body: Record<string, unknown>,
): Promise<PublisherDetail> {
  return (await apiFetch<PublisherDetail>(request, 'publisher', { method: 'POST', json: body })).data;
}

export async function savePublisher(
  request: Request,
  body: Record<string, unknown>,
): Promise<PublisherDetail> {
  return (await apiFetch<PublisherDetail>(request, 'publisher/save', { method: 'PUT', json: body })).data;
}

export async function uploadKitchenFiles(
  request: Request,
  upload: KitchenUpload,
  files: File[],
): Promise<PublisherDetail> {
  const { path, field } = KITCHEN_UPLOADS[upload];
  return (await forwardFiles<PublisherDetail>(request, path, field, files)).data;
}

/** Removes one of the kitchen's files by its storage key. */
export async function removeKitchenFile(request: Request, key: string): Promise<void> {
  const path = key
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  await apiFetch(request, `publisher/files/${path}`, { method: 'DELETE' });
}
