import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { buttonClass, container, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { unmatchedRoute } from '~/lib/http/http.server';
import { sanitizeRichText } from '~/lib/content/sanitize.server';
import type { Job } from '~/lib/content/jobs';

/** One job posting by its title (spec §2); 404 when the API has none or cannot be reached. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const title = params.title ?? '';
  try {
    const { data: job } = await apiFetch<Job>(request, `jobs/title/${encodeURIComponent(title)}`);
    if (!job || typeof job !== 'object' || !job.title) throw unmatchedRoute(request);
    return {
      job: {
        title: job.title,
        type: job.type,
        location: job.location,
        descriptionHtml: sanitizeRichText(job.htmlDescription),
      },
    };
  } catch (error) {
    if (isApiError(error) && (error.unreachable || error.notFound)) throw unmatchedRoute(request);
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.job.title} — Careers at Hearth` }] : [];

export default function JobPosting() {
  const { job } = useLoaderData<typeof loader>();
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
      <div className="mt-10 rounded-3xl bg-white p-6 shadow-card">
        <h2 className="font-display text-xl font-semibold text-cocoa-900">Interested?</h2>
        <p className="mt-2 text-cocoa-700">
          Send your CV and a few lines about why this role appeals to you, with the role title in the subject.
        </p>
        <a
          href={`mailto:careers@hearth.example?subject=${encodeURIComponent(job.title)}`}
          className={`${buttonClass.primary} mt-4`}
        >
          Apply by email
        </a>
      </div>
    </article>
  );
}
