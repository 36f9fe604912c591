import { Form } from '@remix-run/react';
import { useId } from 'react';
import { UNLOCK_INTENT } from '~/lib/catalog/kitchen-unlock';
import type { UnlockRefusal } from '~/lib/catalog/kitchen-unlock';
import { FieldError } from './form-feedback';
import { buttonClass, inputClass, labelClass } from './ui';

/**
 * "Have a code from this kitchen?": a plain form posting to the kitchen page's action. A correct code opens
 * the kitchen's private menus in this browser; a refused one comes back beside the field, still typed.
 */
export function KitchenCodeForm({
  kitchenId,
  kitchenName,
  refusal,
  codeReplaced,
}: {
  kitchenId: string;
  kitchenName: string;
  refusal?: UnlockRefusal['unlock'] | null;
  codeReplaced?: boolean;
}) {
  const id = useId();
  const codeId = `${id}-code`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Form
      method="post"
      className="rounded-3xl bg-white p-6 shadow-card"
      aria-labelledby={`${id}-heading`}
      // The kitchen page keeps a refused code in the field (key by the refused value).
      key={refusal?.code ?? 'none'}
    >
      <h3 id={`${id}-heading`} className="font-display text-xl font-semibold text-cocoa-900">
        Have a code from this kitchen?
      </h3>
      <p id={hintId} className="mt-1 text-sm text-cocoa-700">
        {kitchenName} cooks some menus only for a club, an office or friends. Enter the code the kitchen gave
        you to see them in this browser.
      </p>
      {codeReplaced ? (
        <p role="status" className="mt-2 text-sm font-semibold text-amber-900">
          The code you entered before no longer works: the kitchen has made a new one. Ask the kitchen for it.
        </p>
      ) : null}
      <input type="hidden" name="intent" value={UNLOCK_INTENT} />
      <input type="hidden" name="kitchenId" value={kitchenId} />
      <label htmlFor={codeId} className={`${labelClass} mt-4`}>
        Kitchen code
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={codeId}
          name="code"
          type="text"
          required
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={refusal?.code ?? ''}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${errorId} ${hintId}` : hintId}
          className={`${inputClass} max-w-xs uppercase`}
        />
        <button type="submit" className={buttonClass.secondary}>
          Show private menus
        </button>
      </div>
      <FieldError id={errorId} message={refusal?.error} />
    </Form>
  );
}
