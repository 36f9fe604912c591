import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';
import { uuidSegment } from '../api/path';

export type SignedInSession = Schemas['SessionDto'];

/** The user's signed-in browsers, the current one marked (`GET auth/sessions`). */
export async function listSessions(request: Request): Promise<SignedInSession[]> {
  return (await apiFetch<SignedInSession[]>(request, 'auth/sessions')).data;
}

/** Signs one of the user's other browsers out (`DELETE auth/sessions/{id}`). */
export async function endSession(request: Request, id: string): Promise<void> {
  await apiFetch(request, `auth/sessions/${uuidSegment(id)}`, { method: 'DELETE' });
}
