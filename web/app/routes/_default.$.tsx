import type { LoaderFunctionArgs } from '@remix-run/node';
import { unmatchedRoute } from '~/lib/http/http.server';

/**
 * Any path no other route answers: "Page not found: {path}" with status 404 (spec §8). Being a route
 * (rather than Remix's built-in no-match) keeps the root loader running, so the page keeps its toasts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  throw unmatchedRoute(request);
}

export async function action({ request }: LoaderFunctionArgs) {
  throw unmatchedRoute(request);
}

export default function NotFound() {
  return null;
}
