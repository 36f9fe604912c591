import { Link } from '@remix-run/react';
import { PublisherStatus } from '@hearth/shared';
import { buttonClass, linkClass } from '~/components/ui';
import { shortDate } from '~/lib/format/chef-format';
import type { PublisherDetail } from '~/lib/chef/chef-types';

/** Where the kitchen's review stands (pending, approved, blocked) and what the admin said. */
export function ReviewState({ publisher }: { publisher: PublisherDetail }) {
  const storefront = publisher.storefrontPath || `/${publisher.kitchenName}`;
  const comments = publisher.statusReviewComments ? (
    <p className="mt-3 text-cocoa-800">
      <span className="font-semibold">Review comments:</span> {publisher.statusReviewComments}
    </p>
  ) : null;
  if (publisher.status === PublisherStatus.APPROVED) {
    return (
      <div role="status" className="rounded-3xl border border-sage-500/40 bg-sage-100 p-6">
        <h2 className="font-display text-2xl font-semibold text-sage-700">Your kitchen is approved</h2>
        <p className="mt-2 text-cocoa-800">
          {publisher.brandDisplayName} is open on Hearth. Add your items and publish menus to start selling.
        </p>
        {comments}
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/l/manage-menus" className={buttonClass.primary}>
            Manage menus
          </Link>
          <Link to="/l/settings" className={buttonClass.secondary}>
            Settings
          </Link>
          <Link to={storefront} className={buttonClass.secondary}>
            Your storefront
          </Link>
        </div>
      </div>
    );
  }
  if (publisher.status === PublisherStatus.BLOCKED) {
    return (
      <div role="status" className="rounded-3xl border border-red-700/30 bg-red-50 p-6">
        <h2 className="font-display text-2xl font-semibold text-red-900">Your kitchen is blocked</h2>
        <p className="mt-2 text-cocoa-800">
          Customers cannot see {publisher.brandDisplayName} or its items. Fix what the review asks for below,
          then{' '}
          <Link to="/resources/contact-us" className={linkClass}>
            contact us
          </Link>
          .
        </p>
        {comments}
      </div>
    );
  }
  return (
    <div role="status" className="rounded-3xl border border-ember-300 bg-ember-50 p-6">
      <h2 className="font-display text-2xl font-semibold text-ember-800">Your kitchen awaits review</h2>
      <p className="mt-2 text-cocoa-800">
        Thank you for registering {publisher.brandDisplayName}. An admin will review it soon; once it is
        approved you can publish menus from this account, with nothing more to do. Meanwhile, add your logo,
        pictures and licences below.
      </p>
      {comments}
      <p className="mt-3 text-sm text-cocoa-700">Registered on {shortDate(publisher.createdAt)}.</p>
    </div>
  );
}
