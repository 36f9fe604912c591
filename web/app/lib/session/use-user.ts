import { useRouteLoaderData } from '@remix-run/react';
import type { SessionUser } from './auth';

/** The signed-in user from the root loader, or null (anonymous, or the root loader did not run). */
export function useOptionalUser(): SessionUser | null {
  const root = useRouteLoaderData('root') as { user?: SessionUser | null } | undefined;
  return root?.user ?? null;
}

/** Lines in the visitor's cart from the root loader (refreshed after every action), or null when unknown. */
export function useCartCount(): number | null {
  const root = useRouteLoaderData('root') as { cartCount?: number | null } | undefined;
  return root?.cartCount ?? null;
}
