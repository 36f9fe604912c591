import type { ReactNode } from 'react';

/** Messages of a failed form that belong to no one field. */
export function FormErrors({ errors }: { errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
    >
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A titled group of fields inside a form. */
export function FormSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`rounded-2xl border border-cocoa-700/10 p-5 ${className}`}>
      <legend className="px-2 font-display text-lg font-semibold text-cocoa-900">{title}</legend>
      <div className="space-y-5">{children}</div>
    </fieldset>
  );
}

/** A white card with a heading, as every section of the chef pages uses. */
export function Panel({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-3xl bg-white p-6 shadow-card">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold text-cocoa-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
