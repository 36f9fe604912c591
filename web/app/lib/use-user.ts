import { useRouteLoaderData } from '@remix-run/react';
import type { SessionUser } from './auth';

/** The signed-in user from the root loader, or null (anonymous, or the root loader did not run). */
export function useOptionalUser(): SessionUser | null {
  const root = useRouteLoaderData('root') as { user?: SessionUser | null } | undefined;
  return root?.user ?? null;
}
