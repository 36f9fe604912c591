import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { CheckboxField, ChoiceGroup } from '~/components/form-choice-fields';
import { FieldsScope, useFormKey } from '~/components/form-fields';
import { FormErrors } from '~/components/form-layout';
import { buttonClass, linkClass } from '~/components/ui';
import { CLEAN_CATEGORY_VALUES, CLEAN_LABELS, chosenCategories, isCleanRunning } from '~/lib/admin/clean';
import { cleanDryRun, cleanRun, startClean } from '~/lib/admin/maintenance.server';
import type { CleanReport, CleanRun } from '~/lib/admin/maintenance.server';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { resolveByNames } from '~/lib/forms/form-errors';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import { isOn, listOf, readValues, textOf } from '~/lib/forms/form-values';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { instantLabel } from '~/lib/format/dates';
import { invalidId } from '~/lib/http/http.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const PAGE = '/l/admin/clean';
/** How often the progress view asks again: with JavaScript, and without it (a meta refresh). */
export const POLL_MS = 1000;
export const REFRESH_SECONDS = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: MetaFunction = () => [{ title: 'Clean expired data — Admin — Hearth' }];

/**
 * /l/admin/clean (admins): the dry run (what the clean would remove now, per kind, with its cut-off) and the
 * form that starts it; `?run=<id>` follows a clean in progress and shows what it removed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const user = { name, email };
  const zone = timeZoneFor(request);
  const runId = new URL(request.url).searchParams.get('run');
  if (runId !== null) {
    if (!UUID.test(runId)) throw invalidId(request);
    try {
      return { user, zone, run: await cleanRun(request, runId), report: null, loadError: null };
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw invalidId(request);
      throw error;
    }
  }
  try {
    return { user, zone, run: null, report: await cleanDryRun(request), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { user, zone, run: null, report: null, loadError: failureText(error.problem) };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData(), ['categories']);
  if (textOf(values, 'intent') !== 'clean') return unknownIntent();
  try {
    const run = await startClean(request, {
      confirm: isOn(values, 'confirm'),
      categories: chosenCategories(listOf(values, 'categories')),
    });
    return redirectWithToast(`${PAGE}?run=${run.id}`, successNotification('The clean has started.'), {
      status: 303,
    });
  } catch (error) {
    return apiFailure(error, { intent: 'clean', values }, resolveByNames(['confirm', 'categories']));
  }
}

/** With JavaScript: the loader again every second while the clean runs (no reload). */
function usePolling(running: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
}

export default function AdminClean() {
  const { user, zone, run, report, loadError } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Clean expired data" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Admin home
        </Link>
      </p>
      {run ? (
        <RunView run={run} zone={zone} />
      ) : loadError ? (
        <p role="alert" className="mt-4 text-ember-800">
          {loadError}
        </p>
      ) : report ? (
        <DryRun report={report} zone={zone} />
      ) : null}
    </AccountPage>
  );
}

function DryRun({ report, zone }: { report: CleanReport; zone: string }) {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const values: FormValues = result?.values ?? { categories: [...CLEAN_CATEGORY_VALUES] };
  const key = useFormKey(values);
  const total = report.categories.reduce((sum, c) => sum + c.count, 0);
  return (
    <>
      <p className="mt-4 text-cocoa-800">
        What the clean would remove now (counted {instantLabel(report.checkedAt, zone)}). Orders, their lines,
        payments, refunds and payouts are never touched.{' '}
        <Link to={PAGE} className={linkClass} reloadDocument>
          Count again
        </Link>
      </p>
      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">What the clean would remove now</caption>
        <thead>
          <tr className="text-cocoa-700">
            <th scope="col">Kind</th>
            <th scope="col">What goes</th>
            <th scope="col" className="text-right">
              Would remove
            </th>
          </tr>
        </thead>
        <tbody>
          {report.categories.map((c) => (
            <tr key={c.category} className="border-t border-cocoa-700/10 align-top" data-testid="clean-row">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {CLEAN_LABELS[c.category].label}
              </th>
              <td className="py-2 pr-3">
                {CLEAN_LABELS[c.category].rule} {instantLabel(c.cutoff, zone)}
              </td>
              <td className="py-2 text-right tabular-nums">{c.count}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-cocoa-700/20">
            <th scope="row" className="py-2 pr-3 font-semibold" colSpan={2}>
              In all
            </th>
            <td className="py-2 text-right font-semibold tabular-nums">{total}</td>
          </tr>
        </tfoot>
      </table>
      <FieldsScope formId="clean" values={values} errors={result?.fieldErrors ?? {}}>
        <Form
          key={key}
          method="post"
          action={PAGE}
          aria-label="Clean expired data"
          className="mt-8 space-y-5 rounded-2xl border border-cocoa-700/15 bg-white p-5"
        >
          <input type="hidden" name="intent" value="clean" />
          <FormErrors errors={result?.formErrors} />
          <ChoiceGroup
            name="categories"
            legend="Kinds to clean"
            columns="sm:grid-cols-2"
            options={report.categories.map((c) => ({
              value: c.category,
              label: `${CLEAN_LABELS[c.category].label} (${c.count})`,
            }))}
          />
          <CheckboxField
            name="confirm"
            label="I understand that what is removed cannot be brought back"
            hint="The clean runs in the background, a batch at a time; the next page shows how far it got."
          />
          <button type="submit" className={buttonClass.danger}>
            Clean now
          </button>
        </Form>
      </FieldsScope>
    </>
  );
}

const STATE_TEXT: Record<CleanRun['state'], string> = {
  QUEUED: 'Waiting for the worker to start it.',
  RUNNING: 'Cleaning, a batch at a time.',
  DONE: 'Finished.',
  FAILED: 'The clean stopped with an error.',
};

function RunView({ run, zone }: { run: CleanRun; zone: string }) {
  const running = isCleanRunning(run.state);
  usePolling(running);
  const path = `${PAGE}?run=${run.id}`;
  const current = run.state === 'RUNNING' ? run.categories.find((c) => !c.done)?.category : undefined;
  const stateOf = (c: CleanRun['categories'][number]) =>
    c.done ? 'Done' : c.category === current ? 'Cleaning' : run.state === 'FAILED' ? 'Stopped' : 'Waiting';
  return (
    <>
      {/* Without JavaScript the page reloads itself while the clean runs. */}
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <div className="mt-4 rounded-2xl border border-cocoa-700/15 bg-white p-5" role="status">
        <p className="font-semibold text-cocoa-900">{STATE_TEXT[run.state]}</p>
        <p className="mt-1 text-cocoa-800">
          Removed {run.removed} of {run.expected} found by the dry run. Asked for{' '}
          {instantLabel(run.requestedAt, zone)}
          {run.finishedAt ? `, finished ${instantLabel(run.finishedAt, zone)}` : ''}.
        </p>
        {run.error ? <p className="mt-2 font-semibold text-ember-800">{run.error}</p> : null}
        <progress
          className="mt-3 w-full"
          max={Math.max(run.expected, 1)}
          value={run.state === 'DONE' ? Math.max(run.expected, 1) : Math.min(run.removed, run.expected)}
          aria-label="Progress of the clean"
        />
      </div>
      {running ? (
        <p className="mt-3 text-sm text-cocoa-700">
          This page updates by itself.{' '}
          <Link to={path} className={linkClass} reloadDocument>
            Refresh now
          </Link>
        </p>
      ) : null}
      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">What the clean removed, by kind</caption>
        <thead>
          <tr className="text-cocoa-700">
            <th scope="col">Kind</th>
            <th scope="col" className="text-right">
              Found
            </th>
            <th scope="col" className="text-right">
              Removed
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {run.categories.map((c) => (
            <tr key={c.category} className="border-t border-cocoa-700/10" data-testid="clean-run-row">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {CLEAN_LABELS[c.category].label}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{c.expected}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{c.removed}</td>
              <td className="py-2">{stateOf(c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6">
        <Link to={PAGE} className={linkClass}>
          Back to the dry run
        </Link>
      </p>
    </>
  );
}
