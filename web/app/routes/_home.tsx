import { Outlet } from '@remix-run/react';
import { HomeLayout } from '~/components/layouts';

/** Pathless layout of the home section (spec §2 "home-section layout"). */
export default function HomeSection() {
  return (
    <HomeLayout>
      <Outlet />
    </HomeLayout>
  );
}
