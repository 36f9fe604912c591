import { Link } from '@remix-run/react';
import { ADMIN_SECTIONS } from '~/lib/admin/admin-sections';
import { linkClass } from '~/components/ui';

/** Every back-office function, linked from the admin home (a plain list: no JavaScript needed). */
export function AdminSections() {
  return (
    <nav aria-labelledby="admin-sections-heading" className="rounded-3xl bg-white p-5 shadow-card">
      <h2 id="admin-sections-heading" className="font-display text-xl font-semibold text-cocoa-900">
        Back office
      </h2>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            {section.document ? (
              <a href={section.to} className={linkClass}>
                {section.label}
              </a>
            ) : (
              <Link to={section.to} className={linkClass}>
                {section.label}
              </Link>
            )}{' '}
            <span className="text-cocoa-700">({section.description})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
