import type { LoaderFunctionArgs } from '@remix-run/node';
import { Role } from '@hearth/shared';
import { isApiError } from '~/lib/api/client.server';
import { connectStripeAccount } from '~/lib/chef/settings.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureNotification, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const BACK = '/l/settings#getting-paid';

/**
 * /l/settings/stripe-return: where Stripe's hosted onboarding sends the chef back (the API's return_url). It
 * has the API read the account from Stripe and record it, then goes back to the settings with what changed.
 * A plain redirect: nothing to render, no JavaScript needed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, Role.CHEF);
  try {
    const account = await connectStripeAccount(request);
    if (account.chargesEnabled) return redirectWithToast(BACK, successNotification('Card payments enabled'));
    return redirectWithToast(BACK, {
      kind: 'warning',
      text: 'Stripe onboarding is not finished yet: card payments start once Stripe has what it needs. Continue onboarding to finish.',
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The API's own sentence (no Stripe account yet, Stripe unreachable) says more than the generic one.
    const detail = error.problem?.detail;
    return redirectWithToast(
      BACK,
      detail ? { kind: 'negative', text: detail } : failureNotification(error.problem),
    );
  }
}
