import type { Problem } from '@hearth/shared';
import { MAX_REVIEW_IMAGES } from '@hearth/shared';
import { mapFieldErrors } from '../forms/field-errors';
import { MAX_REVIEW_LENGTH, RATING_FIELDS } from './orders';
import type { RatingField } from './orders';

/** Which date selection a rating is for (hidden fields of the form). */
export interface RatingTarget {
  orderNumber: string;
  cartItemId: string;
  dateSelectionId: string;
  itemId: string;
  publisherId: string;
}

export interface RatingValues {
  ratingValue: string;
  reviewBody: string;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

function str(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Reads the rating form (multipart) and builds the API's multipart body: the date selection it is for
 * (`orderDateSelectionId`), `ratingValue`, `reviewBody` and up to 3 pictures as `images`. A file input
 * left empty sends an empty file: it is not a picture. The other hidden fields only bring the page back.
 */
export function parseRating(form: FormData):
  | { ok: true; target: RatingTarget; values: RatingValues; body: FormData }
  | {
      ok: false;
      target: RatingTarget;
      values: RatingValues;
      fieldErrors: Partial<Record<RatingField, string>>;
    } {
  const target: RatingTarget = {
    orderNumber: str(form, 'orderNumber'),
    cartItemId: str(form, 'cartItemId'),
    dateSelectionId: str(form, 'dateSelectionId'),
    itemId: str(form, 'itemId'),
    publisherId: str(form, 'publisherId'),
  };
  const values: RatingValues = { ratingValue: str(form, 'ratingValue'), reviewBody: str(form, 'reviewBody') };
  const images = form
    .getAll('images')
    .filter((f): f is File => typeof f === 'object' && f !== null && f.size > 0);
  const fieldErrors: Partial<Record<RatingField, string>> = {};
  const stars = Number(values.ratingValue);
  if (!Number.isInteger(stars) || stars < 1 || stars > 5)
    fieldErrors.ratingValue = 'Choose from 1 to 5 stars.';
  if (values.reviewBody.length > MAX_REVIEW_LENGTH)
    fieldErrors.reviewBody = `Keep the review under ${MAX_REVIEW_LENGTH} characters.`;
  if (images.length > MAX_REVIEW_IMAGES) fieldErrors.images = `Add at most ${MAX_REVIEW_IMAGES} pictures.`;
  else if (images.some((f) => f.type && !f.type.startsWith('image/')))
    fieldErrors.images = 'Only pictures (JPEG, PNG, WebP…) can be added.';
  else if (images.some((f) => f.size > MAX_IMAGE_BYTES))
    fieldErrors.images = 'Each picture must be 5 MB or smaller.';
  if (Object.keys(fieldErrors).length) return { ok: false, target, values, fieldErrors };

  // Only what the API's CreateRatingDto takes: it refuses unknown fields.
  const body = new FormData();
  body.set('orderDateSelectionId', target.dateSelectionId);
  body.set('ratingValue', String(stars));
  if (values.reviewBody) body.set('reviewBody', values.reviewBody);
  for (const image of images) body.append('images', image, image.name || 'picture');
  return { ok: true, target, values, body };
}

/** Field errors of a 400 from `POST rating`, beside the form's fields. */
export function mapRatingProblem(problem: Problem | null) {
  return mapFieldErrors(problem, RATING_FIELDS);
}
