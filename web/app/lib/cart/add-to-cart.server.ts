import { data } from '@remix-run/node';
import { dayLabel } from '@hearth/shared';
import { apiFetch, isApiError } from '../api/client.server';
import {
  ADD_TO_CART_INTENT,
  IN_PLACE_FIELD,
  addedMessage,
  mapAddToCartProblem,
  parseAddToCart,
  readAddToCart,
} from './add-to-cart';
import type { AddToCartErrors, AddToCartOutcome } from './add-to-cart';
import { failureText, successNotification } from '../ui/notifications';
import { passOnCookies, safeRedirect } from '../http/redirect';
import { redirectWithToast } from '../ui/toast.server';
import type { Schemas } from '../api/schemas';

/**
 * The action of an add-to-cart form (item and kitchen pages): adds the item to the cart (a guest's too:
 * the API's `hearth_cart` cookie goes on to the browser) and says what was added. With JavaScript the
 * form asks for the answer in place; without, it goes back to `redirectTo` (a path of this site, else
 * `back`) with the same words as a notification. Refusals come back beside the form, status 400 or the
 * API's.
 */
export async function addToCartAction(
  request: Request,
  form: FormData,
  options: { itemId: string; back: string },
) {
  if (form.get('intent') !== ADD_TO_CART_INTENT) throw data('This form is not known here.', { status: 400 });
  const { itemId } = options;
  const values = readAddToCart(form);
  const refuse = (fieldErrors: AddToCartErrors, formErrors: string[], init: ResponseInit) =>
    data<AddToCartOutcome>({ ok: false, itemId, values, fieldErrors, formErrors }, init);

  const parsed = parseAddToCart(itemId, values, { deliveryOptions: [] });
  if (!parsed.ok) return refuse(parsed.fieldErrors, [], { status: 400 });
  let cart: Schemas['CartDto'] | null;
  let headers: Headers;
  try {
    ({ data: cart, headers } = await apiFetch<typeof cart>(request, 'cart/items', {
      method: 'POST',
      json: parsed.body,
    }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    const cookies = passOnCookies(error.headers);
    if (error.status === 400) {
      const { fieldErrors, formErrors } = mapAddToCartProblem(error.problem);
      return refuse(fieldErrors, formErrors, { status: 400, headers: cookies });
    }
    // Past the cut-off, not offered that day, sold out: the API's sentence, beside the form.
    const sentence = error.problem?.detail || failureText(error.problem);
    return refuse({}, [sentence], { status: error.unreachable ? 503 : error.status, headers: cookies });
  }

  const name = cart?.cartItems?.find((l) => l.itemId === itemId)?.item?.name ?? 'the dish';
  const message = addedMessage(
    name,
    parsed.body.orderQuantity,
    parsed.body.dates.map((d) => dayLabel(d.date)),
  );
  const cookies = passOnCookies(headers);
  if (form.get(IN_PLACE_FIELD) === '1')
    return data<AddToCartOutcome>({ ok: true, itemId, message }, { headers: cookies });
  return redirectWithToast(safeRedirect(form.get('redirectTo'), options.back), successNotification(message), {
    headers: cookies,
  });
}
