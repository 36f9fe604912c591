import { useLocation } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { isOn, listOf, textOf } from '~/lib/forms/form-values';
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

export function useField(name: string) {
  const scope = useContext(Scope);
  const id = `${scope.formId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return { id, error: scope.errors[name], values: scope.values };
}

const errorText = 'mt-1.5 text-sm font-medium text-red-800';
const hintText = 'mt-1 text-xs text-cocoa-600';

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
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
export function NumberField(props: { name: string; label: ReactNode; hint?: ReactNode; className?: string } & InputProps) {
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
  const all = current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
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

const checkClass = 'h-5 w-5 shrink-0 rounded border-cocoa-700/40 text-ember-700 focus:ring-ember-700/30';

/** One checkbox (sent as `on`). */
export function CheckboxField({
  name,
  label,
  hint,
  className,
  disabled,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const { id, error, values } = useField(name);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          name={name}
          defaultChecked={isOn(values, name)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`mt-0.5 ${checkClass}`}
        />
        <label htmlFor={id} className="text-sm font-semibold text-cocoa-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={`${hintText} ml-8`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={`${errorText} ml-8`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of checkboxes (several values of one name) or radio buttons, in a fieldset with a legend. */
export function ChoiceGroup({
  name,
  legend,
  options,
  type = 'checkbox',
  hint,
  className,
  columns = 'sm:grid-cols-3',
}: {
  name: string;
  legend: ReactNode;
  options: readonly Choice[];
  type?: 'checkbox' | 'radio';
  hint?: ReactNode;
  className?: string;
  columns?: string;
}) {
  const { id, error, values } = useField(name);
  const chosen = new Set(type === 'checkbox' ? listOf(values, name) : [textOf(values, name)]);
  return (
    <fieldset className={className} aria-describedby={describedBy(id, hint, error)}>
      <legend className={labelClass}>{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((o) => {
          const optionId = `${id}-${o.value.replace(/[^A-Za-z0-9_-]/g, '_')}`;
          return (
            <div key={o.value} className="flex items-center gap-2.5">
              <input
                type={type}
                id={optionId}
                name={name}
                value={o.value}
                defaultChecked={chosen.has(o.value)}
                disabled={o.disabled}
                className={type === 'radio' ? 'h-5 w-5 shrink-0 border-cocoa-700/40 text-ember-700' : checkClass}
              />
              <label htmlFor={optionId} className={`text-sm ${o.disabled ? 'text-cocoa-500' : 'text-cocoa-800'}`}>
                {o.label}
              </label>
            </div>
          );
        })}
      </div>
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
    </fieldset>
  );
}

/** Messages of a failed form that belong to no one field. */
export function FormErrors({ errors }: { errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
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
export function FormSection({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
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
