import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import {
  isUserSearchKey,
  USER_SEARCH_KEYS,
  USER_SEARCH_PAGE_SIZE,
  USER_STATUS_LABELS,
  USERS_PAGE,
  type UserSearchKey,
} from '~/lib/admin/users';
import { searchUsers, type AdminUserHit } from '~/lib/admin/users.server';
import { isApiError } from '~/lib/api/client.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Users and kitchens — Admin — Hearth' }];

const MAX_QUERY = 200;

/**
 * /l/admin/users?searchBy=&q=&page= (admins): customers and chefs found by one search-by key (spec §9):
 * e-mail, phone (any formatting), kitchen name, or the person's or kitchen's id.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const given = url.searchParams.get('searchBy');
  const searchBy: UserSearchKey = isUserSearchKey(given) ? given : 'email';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const base = { user: { name, email }, searchBy, q, page, path: `${url.pathname}${url.search}` };
  const none = { items: [] as AdminUserHit[], total: 0 };
  if (!q) return { ...base, ...none, searched: false, error: null };
  try {
    const found = await searchUsers(request, searchBy, q, page, USER_SEARCH_PAGE_SIZE);
    return { ...base, ...found, searched: true, error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, ...none, searched: false, error: failureText(error.problem) };
  }
}

export default function AdminUsersRoute() {
  const { user, searchBy, q, page, path, items, total, searched, error } = useLoaderData<typeof loader>();
  const key = USER_SEARCH_KEYS.find((k) => k.value === searchBy)?.label ?? '';
  return (
    <AccountPage title="Users and kitchens" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Find people"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="users-search-by" className={labelClass}>
            Search by
          </label>
          <select id="users-search-by" name="searchBy" defaultValue={searchBy} className={inputClass}>
            {USER_SEARCH_KEYS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="users-q" className={labelClass}>
            Looking for
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={MAX_QUERY}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {searched && items.length === 0 ? (
          <Notice>
            <p>{`Nobody matches ${key.toLowerCase()} “${q}”.`}</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'person matches' : 'people match'} ${key.toLowerCase()} “${q}”`}
            </p>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-cocoa-700/20">
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    E-mail
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Phone
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Kitchen
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((hit) => (
                  <tr key={hit.id} className="border-b border-cocoa-700/10">
                    <td className="py-2 pr-3">
                      <Link to={`${USERS_PAGE}/${hit.id}`} className={linkClass}>
                        {hit.name || hit.email || hit.id}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{hit.email ?? '—'}</td>
                    <td className="py-2 pr-3">{hit.phone ?? '—'}</td>
                    <td className="py-2 pr-3">{hit.kitchenName ?? '—'}</td>
                    <td className="py-2 pr-3">{USER_STATUS_LABELS[hit.status] ?? hit.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Paging path={path} page={page} total={total} size={USER_SEARCH_PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
