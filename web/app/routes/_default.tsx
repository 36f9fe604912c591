import { Outlet } from '@remix-run/react';
import { DefaultLayout } from '~/components/layouts';

/** Pathless default layout: every page but the home section (errors render it from root.tsx). */
export default function DefaultSection() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}
