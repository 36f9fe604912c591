import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { CLIENT_LOG_RETENTION_DAYS, Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { instantLabel } from '~/lib/format/dates';
import { clientLogGroups, type ClientLogGroup } from '~/lib/logs/client-logs.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Client errors — Admin — Hearth' }];

const PAGE_SIZE = 25;
const PERIODS = [1, 7, CLIENT_LOG_RETENTION_DAYS];

/**
 * /l/admin/logs?days=&page= (admins): errors the site's pages reported from browsers, grouped by message:
 * how often, first and last seen, where, in which browsers, and the stack of the latest one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get('days') ?? '', 10);
  const days = PERIODS.includes(asked) ? asked : 7;
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const base = {
    user: { name, email },
    days,
    page,
    path: `${url.pathname}${url.search}`,
    timeZone: timeZoneFor(request),
  };
  try {
    return { ...base, ...(await clientLogGroups(request, days, page, PAGE_SIZE)), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, items: [] as ClientLogGroup[], total: 0, error: failureText(error.problem) };
  }
}

export default function AdminLogsRoute() {
  const { user, days, page, path, items, total, error, timeZone } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Client errors" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <p className="mt-3 max-w-3xl text-sm text-cocoa-700">
        Errors that happened in visitors’ browsers, with personal data removed. Reports are kept{' '}
        {CLIENT_LOG_RETENTION_DAYS} days.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Period">
        <div>
          <label htmlFor="logs-days" className={labelClass}>
            Seen in the last
          </label>
          <select id="logs-days" name="days" defaultValue={String(days)} className={inputClass}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '24 hours' : `${d} days`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Show
        </button>
      </Form>
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {!error && items.length === 0 ? (
          <Notice>
            <p>No client errors in this period.</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} different ${total === 1 ? 'error' : 'errors'}`}
            </p>
            <ul className="space-y-4" aria-label="Client errors">
              {items.map((g) => (
                <li
                  key={`${g.level}:${g.message}`}
                  className="rounded-2xl bg-white p-4 shadow-card"
                  data-testid="log-group"
                >
                  <p className="break-words font-mono text-sm font-semibold text-cocoa-900">{g.message}</p>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-cocoa-700 sm:grid-cols-2">
                    <div>
                      <dt className="inline">Reports: </dt>
                      <dd className="inline font-semibold text-cocoa-900" data-testid="log-count">
                        {g.count}
                      </dd>
                      {g.level !== 'error' ? <dd className="inline">{` (${g.level})`}</dd> : null}
                    </div>
                    <div>
                      <dt className="inline">Last page: </dt>
                      <dd className="inline">{g.samplePath ?? 'unknown'}</dd>
                    </div>
                    <div>
                      <dt className="inline">First seen: </dt>
                      <dd className="inline">{instantLabel(g.firstSeen, timeZone)}</dd>
                    </div>
                    <div>
                      <dt className="inline">Last seen: </dt>
                      <dd className="inline">{instantLabel(g.lastSeen, timeZone)}</dd>
                    </div>
                    <div>
                      <dt className="inline">Browsers: </dt>
                      <dd className="inline">{g.browsers.join(', ') || 'unknown'}</dd>
                    </div>
                    <div>
                      <dt className="inline">Releases: </dt>
                      <dd className="inline">{g.releases.join(', ') || 'unknown'}</dd>
                    </div>
                  </dl>
                  {g.sampleStack ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-semibold text-ember-700">
                        Stack of the latest report
                      </summary>
                      <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-xl bg-cream-100 p-3 text-xs text-cocoa-900">
                        {g.sampleStack}
                      </pre>
                    </details>
                  ) : null}
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
