import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormErrors } from '~/components/form-layout';
import { buttonClass, linkClass } from '~/components/ui';
import { listMigrations, runMigrations } from '~/lib/admin/maintenance.server';
import type { Migrations } from '~/lib/admin/maintenance.server';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import { readValues, textOf } from '~/lib/forms/form-values';
import type { FormResult } from '~/lib/forms/form-values';
import { instantLabel } from '~/lib/format/dates';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const PAGE = '/l/admin/migrations';

export const meta: MetaFunction = () => [{ title: 'Database migrations — Admin — Hearth' }];

/** /l/admin/migrations (admins): the applied migrations (newest first, with when), the pending ones, and a run. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const user = { name, email };
  const zone = timeZoneFor(request);
  try {
    return { user, zone, migrations: await listMigrations(request), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { user, zone, migrations: null, loadError: failureText(error.problem) };
  }
}

/** The toast after a run: what it applied, or that there was nothing to apply. */
export function runSummary(applied: readonly string[]): string {
  if (applied.length === 0) return 'Nothing to apply: the database is up to date.';
  return `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}.`;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData());
  if (textOf(values, 'intent') !== 'migrate') return unknownIntent();
  try {
    const run = await runMigrations(request);
    return redirectWithToast(PAGE, successNotification(runSummary(run.applied)), { status: 303 });
  } catch (error) {
    return apiFailure(error, { intent: 'migrate', values });
  }
}

/** "Nov 24, 2026" for a migration's own timestamp (milliseconds). */
function writtenOn(timestamp: number): string {
  return new Date(timestamp).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export default function AdminMigrations() {
  const { user, zone, migrations, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title="Database migrations" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Admin home
        </Link>
      </p>
      {loadError ? (
        <p role="alert" className="mt-4 text-ember-800">
          {loadError}
        </p>
      ) : migrations ? (
        <MigrationTables migrations={migrations} zone={zone} />
      ) : null}
      <Form
        method="post"
        action={PAGE}
        aria-label="Run pending migrations"
        className="mt-8 space-y-4 rounded-2xl border border-cocoa-700/15 bg-white p-5"
      >
        <input type="hidden" name="intent" value="migrate" />
        <FormErrors errors={result?.formErrors} />
        <p className="text-sm text-cocoa-800">
          Applies every pending migration, oldest first, each in its own transaction. A run already going
          (this one or the start-up migration) is waited for, and whatever it applied is not applied again.
        </p>
        <button type="submit" className={buttonClass.primary}>
          Run pending migrations
        </button>
      </Form>
    </AccountPage>
  );
}

function MigrationTables({ migrations, zone }: { migrations: Migrations; zone: string }) {
  const applied = [...migrations.applied].reverse();
  return (
    <>
      <h2 className="mt-6 font-display text-2xl font-semibold text-cocoa-900">Pending</h2>
      {migrations.pending.length === 0 ? (
        <p className="mt-2 text-cocoa-800">None pending: the database is up to date.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Pending migrations, in the order they run</caption>
          <thead>
            <tr className="text-cocoa-700">
              <th scope="col">Migration</th>
              <th scope="col">Written</th>
            </tr>
          </thead>
          <tbody>
            {migrations.pending.map((m) => (
              <tr key={m.name} className="border-t border-cocoa-700/10" data-testid="pending-migration">
                <td className="py-2 pr-3 font-mono">{m.name}</td>
                <td className="py-2">{writtenOn(m.timestamp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="mt-8 font-display text-2xl font-semibold text-cocoa-900">Applied ({applied.length})</h2>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Applied migrations, newest first</caption>
        <thead>
          <tr className="text-cocoa-700">
            <th scope="col">Migration</th>
            <th scope="col">Written</th>
            <th scope="col">Applied</th>
          </tr>
        </thead>
        <tbody>
          {applied.map((m) => (
            <tr key={m.name} className="border-t border-cocoa-700/10" data-testid="applied-migration">
              <td className="py-2 pr-3 font-mono">{m.name}</td>
              <td className="py-2 pr-3">{writtenOn(m.timestamp)}</td>
              <td className="py-2">
                {m.appliedAt ? instantLabel(m.appliedAt, zone) : 'before dates were kept'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
