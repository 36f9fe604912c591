import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ResourceArticle } from '~/components/resource-page';
import { focusRing } from '~/components/ui';
import { resourcePage } from '~/content/resources';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import type { Job } from '~/lib/content/jobs';

const page = resourcePage('careers');

export const meta: MetaFunction = () => [
  { title: `${page.title} — Hearth` },
  { name: 'description', content: page.description },
];

/** Open roles come from the API; the page stands on its own when it cannot list them. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { data } = await apiFetch<Job[]>(request, 'jobs');
    const jobs = Array.isArray(data) ? data.filter((j) => j.title && j.status !== 'ARCHIVED') : [];
    return {
      jobs: jobs.map(({ id, title, type, location }) => ({ id, title, type, location })),
      failed: false,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { jobs: [], failed: true };
  }
}

export default function CareersRoute() {
  const { jobs, failed } = useLoaderData<typeof loader>();
  return (
    <ResourceArticle page={page}>
      <section aria-labelledby="open-roles" className="rounded-3xl bg-white p-6 shadow-card">
        <h2 id="open-roles" className="font-display text-2xl font-semibold text-cocoa-900">
          Open roles
        </h2>
        {jobs.length ? (
          <ul className="mt-4 divide-y divide-cocoa-700/10">
            {jobs.map((job) => (
              <li key={job.id}>
                <Link
                  to={`/resources/careers/${encodeURIComponent(job.title)}`}
                  className={`block rounded-lg py-3 hover:text-ember-800 ${focusRing}`}
                >
                  <span className="font-semibold">{job.title}</span>
                  <span className="block text-sm text-cocoa-600">
                    {[job.type, job.location].filter(Boolean).join(' · ')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm leading-relaxed text-cocoa-700">
            {failed
              ? 'We couldn’t load our open roles just now. Please try again later.'
              : 'There are no open roles right now.'}{' '}
            You are welcome to write to{' '}
            <a href="mailto:careers@hearth.example" className="font-semibold text-ember-700 underline">
              careers@hearth.example
            </a>
            .
          </p>
        )}
      </section>
    </ResourceArticle>
  );
}
