import type { ReactNode } from 'react';
import { isOn, listOf, textOf } from '~/lib/forms/form-values';
import { describedBy, errorText, hintText, useField } from './form-fields';
import type { Choice } from './form-fields';
import { labelClass } from './ui';

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
                className={
                  type === 'radio' ? 'h-5 w-5 shrink-0 border-cocoa-700/40 text-ember-700' : checkClass
                }
              />
              <label
                htmlFor={optionId}
                className={`text-sm ${o.disabled ? 'text-cocoa-500' : 'text-cocoa-800'}`}
              >
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
