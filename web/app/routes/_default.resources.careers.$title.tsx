import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { MAX_RESUME_BYTES } from '@hearth/shared';
import { FieldsScope, TextField, useFormKey } from '~/components/form-fields';
import { FormErrors } from '~/components/form-layout';
import { buttonClass, container, labelClass, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { applyForJob } from '~/lib/careers/careers.server';
import { sanitizeRichText } from '~/lib/content/sanitize.server';
import type { Job } from '~/lib/content/jobs';
import { resolveByNames } from '~/lib/forms/form-errors';
import { apiFailure, formRefusal } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, textOf } from '~/lib/forms/form-values';
import { unmatchedRoute } from '~/lib/http/http.server';
import { chosenFiles, readActionForm, tooLargeMessage } from '~/lib/http/multipart.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

const FIELDS = ['fullName', 'email', 'phone', 'address', 'resume'] as const;
const RESUME_TYPES =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function openPosting(request: Request, title: string): Promise<Job> {
  try {
    const { data: job } = await apiFetch<Job>(request, `jobs/title/${encodeURIComponent(title)}`);
    if (!job || typeof job !== 'object' || !job.title) throw unmatchedRoute(request);
    return job;
  } catch (error) {
    if (isApiError(error) && (error.unreachable || error.notFound)) throw unmatchedRoute(request);
    throw error;
  }
}

/** One job posting by its title (spec §2) with its application form; 404 when the API has none or is away. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const job = await openPosting(request, params.title ?? '');
  return {
    job: {
      id: job.id,
      title: job.title,
      type: job.type,
      location: job.location,
      descriptionHtml: sanitizeRichText(job.htmlDescription),
    },
    applied: new URL(request.url).searchParams.get('applied') === '1',
  };
}

/**
 * The application form (multipart, works without JavaScript): the résumé and the contact details go on to
 * `jobs/{id}/apply`; a file over the cap is refused here before sending. What was typed comes back on failure.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const title = params.title ?? '';
  const job = await openPosting(request, title);
  const form = await readActionForm(request);
  const values = readValues(form);
  const failed = { intent: 'apply', values };
  const { files, tooLarge } = chosenFiles(form, 'resume');
  const big = tooLargeMessage(tooLarge);
  if (big) return formRefusal(failed, { resume: big });
  if (files.length === 0) return formRefusal(failed, { resume: 'Choose your résumé (PDF, DOC or DOCX).' });
  try {
    await applyForJob(request, job.id, {
      fullName: textOf(values, 'fullName'),
      email: textOf(values, 'email'),
      phone: textOf(values, 'phone'),
      address: textOf(values, 'address'),
      resume: files[0],
    });
  } catch (error) {
    return apiFailure(error, failed, resolveByNames(FIELDS));
  }
  return redirectWithToast(
    `/resources/careers/${encodeURIComponent(job.title)}?applied=1`,
    successNotification('Thank you: your application was sent. We have e-mailed you a confirmation.'),
    { status: 303 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.job.title} — Careers at Hearth` }] : [];

export default function JobPosting() {
  const { job, applied } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  const formKey = useFormKey(values);
  const resumeError = errors.resume;
  const mb = MAX_RESUME_BYTES / (1024 * 1024);
  return (
    <article className={`${container} max-w-3xl py-12 md:py-16`} aria-labelledby="job-heading">
      <Link to="/resources/careers" className={linkClass}>
        ← All open roles
      </Link>
      <h1 id="job-heading" className="mt-6 font-display text-4xl font-semibold tracking-tight text-cocoa-900">
        {job.title}
      </h1>
      <p className="mt-2 text-cocoa-700">{[job.type, job.location].filter(Boolean).join(' · ')}</p>
      {/* Sanitized on the server (sanitize-html): formatting tags only. */}
      <div className="prose-hearth mt-8" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
      <section aria-labelledby="apply-heading" className="mt-10 rounded-3xl bg-white p-6 shadow-card">
        <h2 id="apply-heading" className="font-display text-xl font-semibold text-cocoa-900">
          Apply for this role
        </h2>
        {applied ? (
          <p role="status" className="mt-2 rounded-2xl bg-cream-100 px-4 py-3 text-cocoa-900">
            Thank you: we have your application and have e-mailed you a confirmation.
          </p>
        ) : null}
        <p className="mt-2 text-cocoa-700">
          Tell us who you are and attach your résumé. We read every application and e-mail you with our
          answer.
        </p>
        <Form
          key={formKey}
          method="post"
          encType="multipart/form-data"
          className="mt-6 space-y-4"
          aria-label={`Apply for ${job.title}`}
        >
          <FormErrors errors={result?.formErrors} />
          <FieldsScope formId="apply" values={values} errors={errors}>
            <TextField name="fullName" label="Full name" autoComplete="name" required maxLength={120} />
            <TextField
              name="email"
              type="email"
              label="E-mail"
              autoComplete="email"
              required
              maxLength={254}
            />
            <TextField name="phone" type="tel" label="Phone (optional)" autoComplete="tel" maxLength={40} />
            <TextField
              name="address"
              label="Address (optional)"
              autoComplete="street-address"
              maxLength={300}
            />
          </FieldsScope>
          <div>
            <label htmlFor="apply-resume" className={labelClass}>
              Résumé
            </label>
            <input
              id="apply-resume"
              type="file"
              name="resume"
              accept={RESUME_TYPES}
              required
              aria-invalid={resumeError ? true : undefined}
              aria-describedby={resumeError ? 'apply-resume-hint apply-resume-error' : 'apply-resume-hint'}
              className="block w-full text-sm text-cocoa-800 file:mr-4 file:rounded-full file:border-0 file:bg-cream-200 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-cocoa-900 hover:file:bg-cream-300"
            />
            <p id="apply-resume-hint" className="mt-1 text-xs text-cocoa-600">
              PDF, DOC or DOCX, at most {mb} MB.
              {textOf(values, 'fullName')
                ? ' Choose the file again: files are not kept after a refusal.'
                : ''}
            </p>
            {resumeError ? (
              <p id="apply-resume-error" className="mt-1.5 text-sm font-medium text-red-800">
                {resumeError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? 'Sending…' : 'Send application'}
          </button>
        </Form>
      </section>
    </article>
  );
}
