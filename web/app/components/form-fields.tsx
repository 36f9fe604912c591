import { useLocation } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { textOf } from '~/lib/forms/form-values';
import type { FieldErrors, FormValues } from '~/lib/forms/form-values';
import { inputClass, labelClass } from './ui';

/**
 * The fields of one form read their shown value and their error from this scope, so a form lists its
 * fields once: `<TextField name="kitchenName" label="Kitchen name" />`. Ids are `{formId}-{name}`, unique
 * on a page with several forms.
 */
interface FieldScope {
  formId: string;
  values: FormValues;
  errors: FieldErrors;
}

const Scope = createContext<FieldScope>({ formId: 'form', values: {}, errors: {} });

export function FieldsScope({
  formId,
  values,
  errors = {},
  children,
}: {
  formId: string;
  values: FormValues;
  errors?: FieldErrors;
  children: ReactNode;
}) {
  return <Scope.Provider value={{ formId, values, errors }}>{children}</Scope.Provider>;
}

/**
 * A key for an uncontrolled form: a new one after each navigation or when the values shown change (a
 * failed submit sent back what was typed), so the fields start again from `values`.
 */
export function useFormKey(values: unknown): string {
  const location = useLocation();
  return `${location.key}:${JSON.stringify(values)}`;
}

/** A field's id, error and the form's values, from the scope. */
export function useField(name: string) {
  const scope = useContext(Scope);
  const id = `${scope.formId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return { id, error: scope.errors[name], values: scope.values };
}

/** Classes of a field's error and hint lines (shared with the choice fields). */
export const errorText = 'mt-1.5 text-sm font-medium text-red-800';
export const hintText = 'mt-1 text-xs text-cocoa-600';

/** `aria-describedby` of a field: its hint and its error, when it has them. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Shell({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={hintText}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'defaultValue' | 'className'>;

/** A labelled text-like input (text, number, date, email, tel, time) with its hint and error. */
export function TextField({
  name,
  label,
  hint,
  className,
  type = 'text',
  ...rest
}: { name: string; label: ReactNode; hint?: ReactNode; className?: string } & InputProps) {
  const { id, error, values } = useField(name);
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={textOf(values, name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...rest}
      />
    </Shell>
  );
}

/** A number input that takes decimals (`step="any"`) unless told otherwise. */
export function NumberField(
  props: { name: string; label: ReactNode; hint?: ReactNode; className?: string } & InputProps,
) {
  return <TextField type="number" step="any" inputMode="decimal" {...props} />;
}

export function TextAreaField({
  name,
  label,
  hint,
  className,
  rows = 3,
  required,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  rows?: number;
  required?: boolean;
}) {
  const { id, error, values } = useField(name);
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        required={required}
        defaultValue={textOf(values, name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
      />
    </Shell>
  );
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export function SelectField({
  name,
  label,
  options,
  hint,
  className,
  required,
  onChange,
}: {
  name: string;
  label: ReactNode;
  options: readonly Choice[];
  hint?: ReactNode;
  className?: string;
  required?: boolean;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { id, error, values } = useField(name);
  const current = textOf(values, name);
  // A saved value the list does not know stays selectable rather than silently changing.
  const all =
    current && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: current }]
      : options;
  return (
    <Shell id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        name={name}
        required={required}
        onChange={onChange}
        defaultValue={current}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
      >
        {all.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}
