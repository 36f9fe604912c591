import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ResourceArticle } from '~/components/resource-page';
import { findResourcePage, resourcePage } from '~/content/resources';
import { unmatchedRoute } from '~/lib/http/http.server';

/** The informational pages of spec §2 (careers and contact-us have their own routes). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = findResourcePage(params.page);
  if (!page) throw unmatchedRoute(request);
  return { slug: page.slug };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data ? findResourcePage(data.slug) : undefined;
  return page
    ? [{ title: `${page.title} — Hearth` }, { name: 'description', content: page.description }]
    : [];
};

export default function ResourceRoute() {
  const { slug } = useLoaderData<typeof loader>();
  return <ResourceArticle page={resourcePage(slug)} />;
}
