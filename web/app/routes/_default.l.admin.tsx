import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { PublisherStatus, Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { AdminSections } from '~/components/admin/admin-sections';
import { PlatformNumbers } from '~/components/admin/platform-numbers';
import { ADMIN_PAGE, AdminKitchenRow, REVIEW_STATUS_LABELS } from '~/components/admin-kitchen-row';
import { StuckPaymentEvents } from '~/components/admin-payment-events';
import { FormErrors } from '~/components/form-layout';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { approveKitchen, blockKitchen, searchKitchens, setKitchenFee } from '~/lib/admin/admin.server';
import type { KitchenSearch } from '~/lib/admin/admin.server';
import { daysParam } from '~/lib/admin/home';
import { adminNumbers } from '~/lib/admin/home.server';
import { retryPaymentEvent, stuckPaymentEvents } from '~/lib/admin/payment-events.server';
import { isApiError } from '~/lib/api/client.server';
import { ADMIN_PAGE_SIZE } from '~/lib/format/chef-format';
import type { AdminKitchen } from '~/lib/chef/chef-types';
import { resolveByNames } from '~/lib/forms/form-errors';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { numberOrText, readValues, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { safeRedirect } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';

const STATUSES = [PublisherStatus.PENDING, PublisherStatus.APPROVED, PublisherStatus.BLOCKED] as const;
const MAX_QUERY = 100;

/** The list as the URL asks for it: `?query=priya&status=PENDING&page=1` (any status when absent). */
function readSearch(url: URL): KitchenSearch {
  const upper = (url.searchParams.get('status') ?? '').toUpperCase();
  const page = Math.floor(Number(url.searchParams.get('page')));
  return {
    query: (url.searchParams.get('query') ?? '').trim().slice(0, MAX_QUERY),
    status: STATUSES.find((s) => s === upper) ?? null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 0,
  };
}

function searchHref(search: KitchenSearch, page = search.page): string {
  const params = new URLSearchParams();
  if (search.query) params.set('query', search.query);
  if (search.status) params.set('status', search.status);
  if (page > 0) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_PAGE}?${query}` : ADMIN_PAGE;
}

export const meta: MetaFunction = () => [{ title: 'Admin — Hearth' }];

/**
 * /l/admin (admins, spec §6): the admin home. At the top the platform's numbers over the last `?days=` days
 * (cards, orders and sales per day as plots with their tables); then every back-office function; then every
 * kitchen, newest first, found by its name or its owner's name or e-mail and narrowed to one review state, a
 * page at a time on the server (a plain GET form); each row opens to approve, block or set the kitchen's
 * platform fee.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const search = readSearch(url);
  const days = daysParam(url);
  const [payments, platform] = await Promise.all([
    loadStuckPaymentEvents(request),
    loadNumbers(request, days),
  ]);
  try {
    const { kitchens, total } = await searchKitchens(request, search);
    return { user: { name, email }, search, kitchens, total, loadError: null, payments, platform };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      search,
      kitchens: [] as AdminKitchen[],
      total: 0,
      loadError: failureText(error.problem),
      payments,
      platform,
    };
  }
}

/** The platform's numbers; an API refusal shows in their section only. */
async function loadNumbers(request: Request, days: number) {
  try {
    return { days, data: await adminNumbers(request, days), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { days, data: null, error: failureText(error.problem) };
  }
}

/** The stuck payment events; an API refusal shows in their section only. */
async function loadStuckPaymentEvents(request: Request) {
  try {
    return { ...(await stuckPaymentEvents(request)), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      failed: [],
      failedTotal: 0,
      waiting: [],
      waitingTotal: 0,
      loadError: failureText(error.problem),
    };
  }
}

const resolveReview = resolveByNames(['statusReviewComments']);
const resolveFee = resolveByNames(['percentage']);

/** Back to the list as it was searched; only ever a page of this list. */
function backTo(values: FormValues): string {
  const back = safeRedirect(textOf(values, 'back'), ADMIN_PAGE);
  return back === ADMIN_PAGE || back.startsWith(`${ADMIN_PAGE}?`) ? back : ADMIN_PAGE;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  const back = backTo(values);

  if (intent === 'approve' || intent === 'block') {
    const publisherId = textOf(values, 'publisherId');
    const comments = textOf(values, 'statusReviewComments').trim();
    try {
      if (intent === 'approve') {
        const kitchen = await approveKitchen(request, publisherId, comments || undefined);
        return redirectWithToast(
          back,
          successNotification(`Kitchen approved — ${kitchen.brandDisplayName} is live.`),
        );
      }
      const kitchen = await blockKitchen(request, publisherId, comments);
      return redirectWithToast(
        back,
        successNotification(
          `${kitchen.brandDisplayName} is blocked: customers no longer see it or its items.`,
        ),
      );
    } catch (error) {
      return apiFailure(error, { intent, target: publisherId, values }, resolveReview);
    }
  }
  if (intent === 'retry-payment-event') {
    const id = textOf(values, 'paymentEventId');
    try {
      const retried = await retryPaymentEvent(request, id);
      return redirectWithToast(
        back,
        successNotification(
          retried.status === 'APPLIED'
            ? 'That payment event had been applied already.'
            : 'Payment event queued again; refresh in a moment to see whether it applied.',
        ),
      );
    } catch (error) {
      return apiFailure(error, { intent, target: id, values });
    }
  }
  if (intent === 'set-fee') {
    const kitchenName = textOf(values, 'kitchenName');
    try {
      const fee = await setKitchenFee(request, kitchenName, numberOrText(textOf(values, 'percentage')) ?? '');
      const brand = textOf(values, 'brandDisplayName').trim() || fee.kitchenName;
      return redirectWithToast(
        back,
        successNotification(`Platform fee of ${brand} set to ${fee.percentage}%.`),
      );
    } catch (error) {
      return apiFailure(error, { intent, target: textOf(values, 'publisherId'), values }, resolveFee);
    }
  }
  return unknownIntent();
}

function SearchForm({ search }: { search: KitchenSearch }) {
  return (
    <Form
      method="get"
      action={ADMIN_PAGE}
      role="search"
      aria-label="Find kitchens"
      className="mt-4 grid gap-3 rounded-3xl bg-white p-4 shadow-card sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor="admin-query" className={labelClass}>
          Kitchen, chef or e-mail
        </label>
        <input
          id="admin-query"
          type="search"
          name="query"
          defaultValue={search.query}
          maxLength={MAX_QUERY}
          placeholder="e.g. Priya"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="admin-status" className={labelClass}>
          Status
        </label>
        <select id="admin-status" name="status" defaultValue={search.status ?? ''} className={inputClass}>
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.primary}>
        Search
      </button>
    </Form>
  );
}

function summary(total: number, search: KitchenSearch): string {
  const noun = total === 1 ? 'kitchen' : 'kitchens';
  const state = search.status ? ` ${REVIEW_STATUS_LABELS[search.status].toLowerCase()}` : '';
  return search.query ? `${total} ${noun}${state} matching “${search.query}”` : `${total} ${noun}${state}`;
}

export default function AdminRoute() {
  const { user, search, kitchens, total, loadError, payments, platform } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const back = searchHref(search);
  const filtered = Boolean(search.query || search.status);
  return (
    <AccountPage title="Admin" user={user}>
      <PlatformNumbers
        {...platform}
        keep={{
          ...(search.query ? { query: search.query } : {}),
          ...(search.status ? { status: search.status } : {}),
        }}
      />
      <AdminSections />
      <section aria-labelledby="kitchens-heading" className="mt-8">
        <h2 id="kitchens-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Kitchens
        </h2>
        <SearchForm search={search} />
        {loadError ? (
          <div className="mt-6">
            <FormErrors errors={[loadError]} />
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm text-cocoa-700" role="status">
              {summary(total, search)}
              {filtered ? (
                <>
                  {' · '}
                  <Link to={ADMIN_PAGE} className={linkClass}>
                    Show all kitchens
                  </Link>
                </>
              ) : null}
            </p>
            {kitchens.length > 0 ? (
              <ul
                className="mt-3 divide-y divide-cocoa-700/10 overflow-hidden rounded-3xl bg-white shadow-card"
                aria-label="Kitchens found"
              >
                {kitchens.map((kitchen) => (
                  <AdminKitchenRow key={kitchen.id} kitchen={kitchen} back={back} result={result} />
                ))}
              </ul>
            ) : null}
          </>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3">
            {search.page > 0 ? (
              <Link to={searchHref(search, search.page - 1)} className={buttonClass.secondary} rel="prev">
                Previous page
              </Link>
            ) : null}
            <span className="text-sm text-cocoa-700">
              Page {search.page + 1} of {pages}
            </span>
            {search.page + 1 < pages ? (
              <Link to={searchHref(search, search.page + 1)} className={buttonClass.secondary} rel="next">
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      <StuckPaymentEvents
        {...payments}
        back={back}
        retryErrors={result?.intent === 'retry-payment-event' ? result.formErrors : []}
      />
    </AccountPage>
  );
}
