import type { ActionFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { isApiError } from '~/lib/api/client.server';
import type { ApiError } from '~/lib/api/client.server';
import { safeRedirect } from '~/lib/http/redirect';
import { authHref } from '~/lib/session/auth';
import { getUser } from '~/lib/session/auth.server';
import { checkLocation, follow, subscribeGuest, unfollow } from '~/lib/subscriptions/subscriptions.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

/** The sentence of a refused request: a field's own message when the API named one, else spec §8's text. */
function refusal(error: ApiError): string {
  const field = error.problem?.fieldErrors?.[0]?.message;
  if (field) return field;
  if (error.status === 404 && error.problem?.detail) return error.problem.detail;
  return failureText(error.problem);
}

/**
 * Follows or unfollows a kitchen (signed in), asks for a kitchen's news by e-mail (guests, double opt-in), or
 * leaves a location check. Without JavaScript the browser goes back to the page it came from (`redirectTo`)
 * with a notification; a fetcher (`inPlace`) gets the answer as data.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const kitchenId = String(form.get('kitchenId') ?? '');
  const inPlace = form.get('inPlace') === '1';
  const back = safeRedirect(form.get('redirectTo'), '/');
  const name = String(form.get('kitchenName') ?? '').trim() || 'the kitchen';
  let text: string;
  try {
    if (intent === 'follow' || intent === 'unfollow') {
      const user = await getUser(request);
      if (!user) return redirect(authHref('login', back));
      if (!kitchenId) throw data('This form is not known here.', { status: 400 });
      if (intent === 'follow') await follow(request, kitchenId);
      else await unfollow(request, kitchenId);
      text =
        intent === 'follow'
          ? `You follow ${name}: its new menus come to your inbox`
          : `You no longer follow ${name}`;
    } else if (intent === 'guest') {
      text = await subscribeGuest(request, String(form.get('email') ?? '').trim(), kitchenId);
    } else if (intent === 'location') {
      text = await checkLocation(request, {
        email: String(form.get('email') ?? '').trim(),
        zipcode: String(form.get('zipcode') ?? '').trim(),
        country: String(form.get('country') ?? '').trim(),
      });
    } else {
      throw data('This form is not known here.', { status: 400 });
    }
  } catch (error) {
    if (!isApiError(error)) throw error;
    const message = refusal(error);
    if (inPlace)
      return data({ ok: false, error: message }, { status: error.unreachable ? 503 : error.status });
    return redirectWithToast(back, { kind: 'negative', text: message });
  }
  const following = intent === 'follow' ? true : intent === 'unfollow' ? false : undefined;
  if (inPlace) return { ok: true, following, text };
  return redirectWithToast(back, successNotification(text));
}
