import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { notFound } from '~/lib/http/http.server';
import { requireUser } from '~/lib/session/guards.server';
import { redirectWithToast } from '~/lib/ui/toast.server';

/**
 * /l/orders/payment/cancel?orderNumber=… — the gateways' cancel_url (the customer cancelled or was declined
 * and went back). The gateway sends the browser here with a GET, so this loader releases the unpaid order's
 * hold through the API (its portions go back on sale, its lines back into the cart) and lands on the cart:
 * "Payment cancelled — your cart is as you left it". An order paid meanwhile goes to its payment page instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return releaseAndGoToCart(request);
}

/** "Back to cart" on the payment page: the same, as a form post. */
export async function action({ request }: ActionFunctionArgs) {
  return releaseAndGoToCart(request);
}

async function releaseAndGoToCart(request: Request): Promise<Response> {
  await requireUser(request);
  const orderNumber = new URL(request.url).searchParams.get('orderNumber')?.trim() ?? '';
  if (!orderNumber) throw notFound('Which order? The link has no order number.');
  try {
    const { data: result } = await apiFetch<{ released: boolean }>(
      request,
      `order/${encodeURIComponent(orderNumber)}/payment/cancel`,
      { method: 'POST', json: {} },
    );
    if (!result.released) return redirect(`/l/orders/payment?orderNumber=${encodeURIComponent(orderNumber)}`);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      throw notFound(`We could not find order ${orderNumber}.`);
    throw error;
  }
  return redirectWithToast('/l/cart', {
    kind: 'info',
    text: 'Payment cancelled — your cart is as you left it',
  });
}
