import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { starsText, type Feedback } from '~/lib/feedback/feedback';
import { searchFeedback, type FeedbackFilters } from '~/lib/feedback/feedback.server';
import { instantLabel } from '~/lib/format/dates';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Feedback — Admin — Hearth' }];

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /l/admin/feedback?query=&rating=&kind=&from=&to=&page= (admins): the feedback about the site and about
 * delivered orders, newest first, found by words of the message, name or e-mail, stars and days.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const get = (key: string) => (url.searchParams.get(key) ?? '').trim();
  const filters: FeedbackFilters = {
    query: get('query').slice(0, 200),
    rating: /^[1-5]$/.test(get('rating')) ? get('rating') : '',
    kind: ['SITE', 'ORDER'].includes(get('kind')) ? get('kind') : '',
    from: DAY.test(get('from')) ? get('from') : '',
    to: DAY.test(get('to')) ? get('to') : '',
  };
  const page = Math.max(0, Math.min(1000, Number.parseInt(get('page') || '0', 10) || 0));
  const base = {
    user: { name, email },
    filters,
    page,
    path: `${url.pathname}${url.search}`,
    timeZone: timeZoneFor(request),
  };
  try {
    const found = await searchFeedback(request, filters, page, PAGE_SIZE);
    return { ...base, ...found, error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, items: [] as Feedback[], total: 0, error: failureText(error.problem) };
  }
}

function Stars({ rating }: { rating: number | null }) {
  if (!rating) return <span className="text-cocoa-600">no stars</span>;
  return (
    <span className="text-ember-700">
      <span aria-hidden="true">{starsText(rating)}</span>
      <span className="sr-only">{`${rating} of 5 stars`}</span>
    </span>
  );
}

export default function AdminFeedbackRoute() {
  const { user, filters, page, path, items, total, error, timeZone } = useLoaderData<typeof loader>();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <AccountPage title="Feedback" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Find feedback"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="feedback-query" className={labelClass}>
            Words, name or e-mail
          </label>
          <input
            id="feedback-query"
            name="query"
            type="search"
            defaultValue={filters.query}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="feedback-rating" className={labelClass}>
            Stars
          </label>
          <select id="feedback-rating" name="rating" defaultValue={filters.rating} className={inputClass}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 star' : `${n} stars`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="feedback-kind" className={labelClass}>
            About
          </label>
          <select id="feedback-kind" name="kind" defaultValue={filters.kind} className={inputClass}>
            <option value="">Site and orders</option>
            <option value="SITE">The site</option>
            <option value="ORDER">An order</option>
          </select>
        </div>
        <div>
          <label htmlFor="feedback-from" className={labelClass}>
            From
          </label>
          <input
            id="feedback-from"
            name="from"
            type="date"
            defaultValue={filters.from}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="feedback-to" className={labelClass}>
            To
          </label>
          <input id="feedback-to" name="to" type="date" defaultValue={filters.to} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {!error && items.length === 0 ? (
          <Notice>
            <p>{filtered ? 'No feedback matches this search.' : 'No feedback yet.'}</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'piece' : 'pieces'} of feedback`}
            </p>
            <ul className="space-y-4" aria-label="Feedback">
              {items.map((f) => (
                <li key={f.id} className="rounded-2xl bg-white p-4 shadow-card" data-testid="feedback-row">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <Stars rating={f.rating} />
                    <span className="text-cocoa-700">{instantLabel(f.createdAt, timeZone)}</span>
                  </div>
                  <p className="mt-2 whitespace-pre-line text-cocoa-900">{f.message}</p>
                  <p className="mt-2 text-sm text-cocoa-700">
                    {f.orderNumber ? `Order ${f.orderNumber}` : 'About the site'}
                    {' · '}
                    {f.name ?? 'No name'}
                    {f.email ? ` · ${f.email}` : ''}
                    {f.signedIn ? ' · signed in' : ' · visitor'}
                  </p>
                </li>
              ))}
            </ul>
            <Paging path={path} page={page} total={total} size={PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
