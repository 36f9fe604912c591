/** Fields of the feedback forms (the site's and an order's). */
export const FEEDBACK_FIELDS = ['rating', 'message', 'name', 'email'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];
export type FeedbackValues = Record<FeedbackField, string>;
export type FeedbackFieldErrors = Partial<Record<FeedbackField, string>>;

/** Longest message (the API's MAX_FEEDBACK_LENGTH). */
export const MAX_FEEDBACK_LENGTH = 2000;

/** One piece of feedback as the API answers it. */
export interface Feedback {
  id: string;
  createdAt: string;
  kind: 'SITE' | 'ORDER';
  rating: number | null;
  message: string;
  name: string | null;
  email: string | null;
  pageUrl: string | null;
  orderNumber: string | null;
  signedIn: boolean;
}

/** The API's body for `POST feedback`. */
export interface FeedbackBody {
  message: string;
  rating?: number;
  orderNumber?: string;
  name?: string;
  email?: string;
  pageUrl?: string;
}

function str(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Reads a feedback form. Stars are required for an order's feedback (`orderNumber`), optional for the site;
 * name and e-mail only count for visitors (the API uses a signed-in person's account). What was typed comes
 * back in `values` either way, so a refused form loses nothing.
 */
export function parseFeedbackForm(
  form: FormData,
  { orderNumber, pageUrl }: { orderNumber?: string; pageUrl?: string } = {},
):
  | { ok: true; values: FeedbackValues; body: FeedbackBody }
  | { ok: false; values: FeedbackValues; fieldErrors: FeedbackFieldErrors } {
  const values: FeedbackValues = {
    rating: str(form, 'rating'),
    message: str(form, 'message'),
    name: str(form, 'name'),
    email: str(form, 'email'),
  };
  const fieldErrors: FeedbackFieldErrors = {};
  const stars = Number(values.rating);
  if (values.rating || orderNumber) {
    if (!Number.isInteger(stars) || stars < 1 || stars > 5) fieldErrors.rating = 'Choose from 1 to 5 stars.';
  }
  if (values.message.length < 2) fieldErrors.message = 'Tell us in a few words.';
  else if (values.message.length > MAX_FEEDBACK_LENGTH)
    fieldErrors.message = `Keep it under ${MAX_FEEDBACK_LENGTH} characters.`;
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    fieldErrors.email = 'Enter an e-mail address like name@example.com, or leave it empty.';
  if (values.name.length > 120) fieldErrors.name = 'Keep the name under 120 characters.';
  if (Object.keys(fieldErrors).length) return { ok: false, values, fieldErrors };
  const body: FeedbackBody = { message: values.message };
  if (values.rating) body.rating = stars;
  if (orderNumber) body.orderNumber = orderNumber;
  else {
    if (values.name) body.name = values.name;
    if (values.email) body.email = values.email;
  }
  if (pageUrl) body.pageUrl = pageUrl;
  return { ok: true, values, body };
}

/** "★★★★☆" for 4 stars; an empty string without stars. */
export function starsText(rating: number | null): string {
  if (!rating) return '';
  return '★'.repeat(rating) + '☆'.repeat(5 - rating);
}
