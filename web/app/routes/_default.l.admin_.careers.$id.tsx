import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { JobForm } from '~/components/careers/job-form';
import { FormErrors } from '~/components/form-layout';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import type { JobApplication } from '~/lib/careers/careers';
import {
  APPLICATION_STATUSES,
  APPLICATIONS_PAGE_SIZE,
  postingUrl,
  resumeUrl,
  statusLabel,
} from '~/lib/careers/careers';
import {
  jobApplications,
  jobById,
  moveApplication,
  setJobOpen,
  updateJob,
} from '~/lib/careers/careers.server';
import { jobInput, resolveJobField } from '~/lib/careers/job-form.server';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, textOf } from '~/lib/forms/form-values';
import { unmatchedRoute } from '~/lib/http/http.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const ADMIN_PAGE = '/l/admin/careers';
const STATUS_VALUES = new Set(APPLICATION_STATUSES.map((s) => s.value as string));

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.job.title ?? 'Posting'} — Careers — Admin — Hearth` },
];

/**
 * /l/admin/careers/{id} (admins): edit a posting, archive or reopen it, and work through its applications
 * (filtered by state, `?status=`, paged, `?page=`): download each résumé and move it to its next state.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  const url = new URL(request.url);
  const given = url.searchParams.get('status') ?? '';
  const status = STATUS_VALUES.has(given) ? given : '';
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  let job;
  try {
    job = await jobById(request, id);
  } catch (error) {
    if (isApiError(error) && (error.notFound || error.unreachable)) throw unmatchedRoute(request);
    throw error;
  }
  const search = { status, page };
  const path = `${url.pathname}${url.search}`;
  try {
    const { applications, total } = await jobApplications(request, id, search);
    return { user: { name, email }, job, search, applications, total, path, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      job,
      search,
      applications: [] as JobApplication[],
      total: 0,
      path,
      loadError: failureText(error.problem),
    };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const id = params.id ?? '';
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  const back = `${ADMIN_PAGE}/${id}${new URL(request.url).search}`;
  try {
    if (intent === 'update') {
      delete values.intent;
      const job = await updateJob(request, id, jobInput(values));
      return redirectWithToast(back, successNotification(`Saved “${job.title}”.`), { status: 303 });
    }
    if (intent === 'archive' || intent === 'reopen') {
      const job = await setJobOpen(request, id, intent);
      return redirectWithToast(
        back,
        successNotification(
          intent === 'archive'
            ? `“${job.title}” is archived: it is off the careers page and takes no applications.`
            : `“${job.title}” is open again.`,
        ),
        { status: 303 },
      );
    }
    if (intent === 'move') {
      const moved = await moveApplication(request, id, textOf(values, 'target'), textOf(values, 'status'));
      return redirectWithToast(
        back,
        successNotification(`${moved.fullName}’s application is now “${statusLabel(moved.status)}”.`),
        { status: 303 },
      );
    }
  } catch (error) {
    return apiFailure(
      error,
      { intent, target: textOf(values, 'target') || null, values },
      intent === 'update' ? resolveJobField : undefined,
    );
  }
  return unknownIntent();
}

function MoveButtons({ application }: { application: JobApplication }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('target') === application.id;
  if (application.nextStatuses.length === 0) return <span className="text-cocoa-600">Final</span>;
  return (
    <Form
      method="post"
      className="flex flex-wrap gap-2"
      aria-label={`Move ${application.fullName}’s application`}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="target" value={application.id} />
      {application.nextStatuses.map((next) => (
        <button
          key={next}
          type="submit"
          name="status"
          value={next}
          disabled={busy}
          className={next === 'REJECTED' ? buttonClass.ghost : buttonClass.secondary}
        >
          {`Move to ${statusLabel(next)}`}
        </button>
      ))}
    </Form>
  );
}

export default function AdminCareerPosting() {
  const { user, job, search, applications, total, path, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const archived = job.status === 'ARCHIVED';
  const editing = result?.intent === 'update' ? result : null;
  const other = result && result.intent !== 'update' ? result : null;
  return (
    <AccountPage title={job.title} user={user}>
      <p className="mt-2 text-sm">
        <Link to={ADMIN_PAGE} className={linkClass}>
          Back to careers
        </Link>
      </p>
      <p className="mt-4 text-cocoa-800">
        {archived ? (
          'Archived: not on the careers page, and it takes no applications.'
        ) : (
          <>
            Open:{' '}
            <Link to={postingUrl(job.title)} className={linkClass}>
              its public page
            </Link>
            .
          </>
        )}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={archived ? 'reopen' : 'archive'} />
        <button type="submit" className={buttonClass.secondary}>
          {archived ? 'Reopen posting' : 'Archive posting'}
        </button>
      </Form>
      {other ? (
        <div className="mt-4">
          <FormErrors errors={[...other.formErrors, ...Object.values(other.fieldErrors)]} />
        </div>
      ) : null}

      <section aria-labelledby="applications-heading" className="mt-10">
        <h2 id="applications-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Applications
        </h2>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="applications-status" className={labelClass}>
              State
            </label>
            <select
              id="applications-status"
              name="status"
              defaultValue={search.status}
              className={inputClass}
            >
              <option value="">Any state</option>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Show
          </button>
        </Form>
        {loadError ? (
          <div className="mt-4">
            <FormErrors errors={[loadError]} />
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm text-cocoa-700">
              {total} {total === 1 ? 'application' : 'applications'}
            </p>
            <ul className="mt-2 space-y-4">
              {applications.map((a) => (
                <li key={a.id} className="rounded-2xl border border-cocoa-700/10 bg-white p-4">
                  <h3 className="font-semibold text-cocoa-900">{a.fullName}</h3>
                  <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
                    <dt className="text-cocoa-600">State</dt>
                    <dd>{statusLabel(a.status)}</dd>
                    <dt className="text-cocoa-600">E-mail</dt>
                    <dd>
                      <a href={`mailto:${a.email}`} className={linkClass}>
                        {a.email}
                      </a>
                    </dd>
                    {a.phone ? (
                      <>
                        <dt className="text-cocoa-600">Phone</dt>
                        <dd>{a.phone}</dd>
                      </>
                    ) : null}
                    {a.address ? (
                      <>
                        <dt className="text-cocoa-600">Address</dt>
                        <dd>{a.address}</dd>
                      </>
                    ) : null}
                    <dt className="text-cocoa-600">Received</dt>
                    <dd>{a.receivedAt.slice(0, 10)}</dd>
                  </dl>
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    {a.resumePath ? (
                      <a href={resumeUrl(job.id, a.id)} className={linkClass} download>
                        {`Download ${a.fullName}’s résumé`}
                      </a>
                    ) : null}
                    <MoveButtons application={a} />
                  </div>
                </li>
              ))}
            </ul>
            <Paging path={path} page={search.page} total={total} size={APPLICATIONS_PAGE_SIZE} />
          </>
        )}
      </section>

      <section aria-labelledby="edit-heading" className="mt-12">
        <h2 id="edit-heading" className="mb-4 font-display text-2xl font-semibold text-cocoa-900">
          Edit posting
        </h2>
        <JobForm
          intent="update"
          formId="edit-job"
          values={
            editing?.values ?? {
              title: job.title,
              type: job.type ?? '',
              location: job.location ?? '',
              htmlDescription: job.htmlDescription,
            }
          }
          fieldErrors={editing?.fieldErrors ?? {}}
          formErrors={editing?.formErrors ?? []}
          submitLabel="Save posting"
        />
      </section>
    </AccountPage>
  );
}
