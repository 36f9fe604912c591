import { data } from '@remix-run/node';
import { apiFetch, isApiError } from '../api/client.server';
import type { Schemas } from '../api/schemas';
import { setKitchenCode } from '../http/kitchen-codes.server';
import { failureText, successNotification } from '../ui/notifications';
import { redirectWithToast } from '../ui/toast.server';
import type { UnlockRefusal } from './kitchen-unlock';

const WRONG_KITCHEN = 'This kitchen is not taking codes at the moment.';

/** A 429 that apiFetch threw as a route error (`data(detail, { status: 429 })`), with its sentence. */
function tooManyRequests(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('init' in error) || !('data' in error)) return null;
  const { init, data: detail } = error as { init: ResponseInit | null; data: unknown };
  return init?.status === 429 ? String(detail) : null;
}

/**
 * The kitchen page's code form: the API checks the code (`POST secret-code/verify`, limited against
 * guessing); a correct one is remembered in this browser's signed cookie and the page comes back with the
 * private menus. A refused one comes back beside the field, the typed code kept.
 */
export async function unlockKitchenAction(request: Request, form: FormData, back: string) {
  const kitchen = String(form.get('kitchenId') ?? '').trim();
  const code = String(form.get('code') ?? '').slice(0, 64);
  const refuse = (error: string, status: number) =>
    data<UnlockRefusal>({ unlock: { code, error } }, { status });
  if (!code.trim()) return refuse('Enter the code the kitchen gave you.', 400);
  try {
    const { data: unlocked } = await apiFetch<Schemas['UnlockedKitchenDto']>(request, 'secret-code/verify', {
      method: 'POST',
      json: { kitchen, code },
    });
    const cookie = await setKitchenCode(request, unlocked.kitchenId, unlocked.code);
    return redirectWithToast(
      `${back}#menu`,
      successNotification(
        `Code accepted: you now see ${unlocked.kitchenName}'s private menus in this browser.`,
      ),
      { headers: { 'Set-Cookie': cookie } },
    );
  } catch (error) {
    const limited = tooManyRequests(error);
    if (limited) return refuse(limited, 429);
    if (!isApiError(error)) throw error;
    if (error.status === 400) {
      const field = error.problem?.fieldErrors?.find((f) => f.field === 'code');
      return refuse(field?.message ?? error.problem?.detail ?? failureText(error.problem), 400);
    }
    if (error.status === 404) return refuse(WRONG_KITCHEN, 404);
    return refuse(failureText(error.problem), error.unreachable ? 503 : error.status);
  }
}
