import { Form, useNavigation } from '@remix-run/react';
import { MAX_REVIEW_IMAGES } from '@hearth/shared';
import { FieldError, FormAlert } from '~/components/form-feedback';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import type { DateSelection, Order, OrderedItem, RatingField } from '~/lib/orders/orders';
import type { RatingValues } from '~/lib/orders/rating';

/** What the page's action answers when a rating was refused (what was typed is kept). */
export interface RateResult {
  intent: 'rate';
  dateSelectionId: string;
  values: RatingValues;
  fieldErrors: Partial<Record<RatingField, string>>;
  formErrors: string[];
}

/** Rating a delivered date: stars, words and up to MAX_REVIEW_IMAGES pictures (a multipart post). */
export function RatingForm({
  order,
  line,
  selection,
  result,
}: {
  order: Order;
  line: OrderedItem;
  selection: DateSelection;
  result: RateResult | undefined;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('dateSelectionId') === selection.id &&
    navigation.formData?.get('intent') === 'rate';
  const id = `rate-${selection.id}`;
  const errors = result?.fieldErrors ?? {};
  const err = (f: RatingField) => (errors[f] ? `${id}-${f}-error` : undefined);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-3 rounded-2xl bg-cream-100 p-4"
      aria-labelledby={`${id}-title`}
      key={JSON.stringify(result?.values ?? null)}
    >
      <h4 id={`${id}-title`} className="font-semibold text-cocoa-900">
        Rate {line.itemName} from {line.kitchenName}
      </h4>
      <FormAlert messages={result?.formErrors} />
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="orderNumber" value={order.orderNumber} />
      <input type="hidden" name="cartItemId" value={line.cartItemId} />
      <input type="hidden" name="dateSelectionId" value={selection.id} />
      <input type="hidden" name="itemId" value={line.itemId ?? ''} />
      <input type="hidden" name="publisherId" value={line.publisherId} />
      <input type="hidden" name="itemName" value={line.itemName} />
      <fieldset aria-describedby={err('ratingValue')}>
        <legend className={labelClass}>Your rating</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1.5 text-cocoa-900">
              <input
                type="radio"
                name="ratingValue"
                value={n}
                defaultChecked={result?.values.ratingValue === String(n)}
                className="h-4 w-4 text-ember-700"
              />
              <span aria-hidden="true" className="text-ember-700">
                {'★'.repeat(n)}
              </span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-ratingValue-error`} message={errors.ratingValue} />
      </fieldset>
      <div>
        <label htmlFor={`${id}-reviewBody`} className={labelClass}>
          Your review
        </label>
        <textarea
          id={`${id}-reviewBody`}
          name="reviewBody"
          rows={3}
          maxLength={2000}
          defaultValue={result?.values.reviewBody ?? ''}
          aria-describedby={err('reviewBody')}
          className={inputClass}
        />
        <FieldError id={`${id}-reviewBody-error`} message={errors.reviewBody} />
      </div>
      <div>
        <label htmlFor={`${id}-images`} className={labelClass}>
          Pictures (up to {MAX_REVIEW_IMAGES})
        </label>
        <input
          id={`${id}-images`}
          name="images"
          type="file"
          accept="image/*"
          multiple
          aria-describedby={err('images')}
          className="block w-full max-w-full text-sm text-cocoa-800"
        />
        <FieldError id={`${id}-images-error`} message={errors.images} />
      </div>
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Posting…' : 'Post review'}
      </button>
    </Form>
  );
}
