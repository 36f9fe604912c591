import { NavLink } from '@remix-run/react';
import { focusRing } from './ui';

const LINKS = [
  { to: '/l/orders/kitchen', label: 'Orders to cook', end: true },
  { to: '/l/orders/kitchen/search', label: 'Find an order', end: true },
  { to: '/l/orders/kitchen/enquiries', label: 'Questions', end: false },
  { to: '/l/dashboard', label: 'Dashboard', end: true },
  { to: '/l/manage-menus', label: 'Menus and items', end: true },
  { to: '/l/manage-menus/new', label: 'New menu', end: true },
  { to: '/l/manage-menus/items/new', label: 'New item', end: true },
  { to: '/l/settings', label: 'Settings', end: true },
  { to: '/l/subscribers', label: 'Subscribers', end: true },
  { to: '/l/chef-registration', label: 'Kitchen details', end: true },
] as const;

/**
 * The chef's own pages, as plain links: "My kitchen" in the header opens the first, the rest are beside it.
 * Pages that read it pass how many questions wait for an answer (the enquiries pages do).
 */
export function ChefNav({ openEnquiries = null }: { openEnquiries?: number | null } = {}) {
  return (
    <nav aria-label="Your kitchen" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-flex rounded-full px-4 py-2 text-sm font-semibold ${focusRing} ${
                  isActive
                    ? 'bg-ember-700 text-white'
                    : 'bg-white text-cocoa-800 shadow-sm hover:bg-cream-200'
                }`
              }
            >
              {link.label}
              {link.to === '/l/orders/kitchen/enquiries' && openEnquiries ? ` (${openEnquiries} open)` : ''}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
