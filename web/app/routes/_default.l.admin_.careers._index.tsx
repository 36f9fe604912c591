import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { JobForm } from '~/components/careers/job-form';
import { FormErrors } from '~/components/form-layout';
import { linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import type { AdminJob } from '~/lib/careers/careers';
import { APPLICATION_STATUSES, postingUrl } from '~/lib/careers/careers';
import { adminJobs, createJob } from '~/lib/careers/careers.server';
import { jobInput, resolveJobField } from '~/lib/careers/job-form.server';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const CAREERS_ADMIN_PAGE = '/l/admin/careers';

export const meta: MetaFunction = () => [{ title: 'Careers — Admin — Hearth' }];

/** /l/admin/careers (admins): every posting, open and archived, with its applications by state; a new posting. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  try {
    return { user: { name, email }, jobs: await adminJobs(request), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { user: { name, email }, jobs: [] as AdminJob[], loadError: failureText(error.problem) };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  if (intent !== 'create') return unknownIntent();
  delete values.intent;
  try {
    const job = await createJob(request, jobInput(values));
    return redirectWithToast(
      `${CAREERS_ADMIN_PAGE}/${job.id}`,
      successNotification(`The posting “${job.title}” is open.`),
      { status: 303 },
    );
  } catch (error) {
    return apiFailure(error, { intent, values }, resolveJobField);
  }
}

export default function AdminCareers() {
  const { user, jobs, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  return (
    <AccountPage title="Careers" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to admin
        </Link>
      </p>
      <section aria-labelledby="postings-heading" className="mt-6">
        <h2 id="postings-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Postings
        </h2>
        {loadError ? (
          <div className="mt-4">
            <FormErrors errors={[loadError]} />
          </div>
        ) : jobs.length === 0 ? (
          <p className="mt-4 text-sm text-cocoa-700">No postings yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Postings with their applications by state</caption>
              <thead>
                <tr className="border-b border-cocoa-700/20 text-cocoa-700">
                  <th scope="col" className="py-2 pr-3">
                    Posting
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    State
                  </th>
                  {APPLICATION_STATUSES.map((s) => (
                    <th key={s.value} scope="col" className="py-2 pr-3 text-right">
                      {s.label}
                    </th>
                  ))}
                  <th scope="col" className="py-2 text-right">
                    All
                  </th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id} className="border-b border-cocoa-700/10">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <Link to={`${CAREERS_ADMIN_PAGE}/${job.id}`} className={linkClass}>
                        {job.title}
                      </Link>
                      <span className="block text-xs text-cocoa-600">
                        {[job.type, job.location].filter(Boolean).join(' · ')}
                      </span>
                    </th>
                    <td className="py-2 pr-3">{job.status === 'ARCHIVED' ? 'Archived' : 'Open'}</td>
                    {APPLICATION_STATUSES.map((s) => (
                      <td key={s.value} className="py-2 pr-3 text-right tabular-nums">
                        {job.applications[s.value]}
                      </td>
                    ))}
                    <td className="py-2 text-right tabular-nums">{job.totalApplications}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="mt-3 text-sm text-cocoa-700">
          Open postings are listed on{' '}
          <Link to="/resources/careers" className={linkClass}>
            the careers page
          </Link>
          {jobs.some((j) => j.status !== 'ARCHIVED') ? (
            <>
              {' '}
              (e.g.{' '}
              <Link to={postingUrl(jobs.find((j) => j.status !== 'ARCHIVED')!.title)} className={linkClass}>
                {jobs.find((j) => j.status !== 'ARCHIVED')!.title}
              </Link>
              )
            </>
          ) : null}
          .
        </p>
      </section>
      <section aria-labelledby="new-posting-heading" className="mt-12">
        <h2 id="new-posting-heading" className="mb-4 font-display text-2xl font-semibold text-cocoa-900">
          New posting
        </h2>
        <JobForm
          intent="create"
          formId="new-job"
          values={result?.values ?? {}}
          fieldErrors={result?.fieldErrors ?? {}}
          formErrors={result?.formErrors ?? []}
          submitLabel="Create posting"
        />
      </section>
    </AccountPage>
  );
}
