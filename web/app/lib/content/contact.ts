import { z } from 'zod';

/** The contact message of spec §3: legalName, email, message. */
export const contactSchema = z.object({
  legalName: z
    .string({ required_error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(120, 'Please keep your name under 120 characters.'),
  email: z
    .string({ required_error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'That email address is too long.')
    .email('Please enter a valid email address, like name@example.com.'),
  message: z
    .string({ required_error: 'Please write a message.' })
    .trim()
    .min(10, 'Please write at least 10 characters so we can help.')
    .max(5000, 'Please keep your message under 5000 characters.'),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactMessage;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export function parseContactForm(
  form: FormData,
):
  | { ok: true; value: ContactMessage }
  | { ok: false; fieldErrors: ContactFieldErrors; values: Partial<Record<ContactField, string>> } {
  const raw = {
    legalName: form.get('legalName'),
    email: form.get('email'),
    message: form.get('message'),
  };
  const values = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  ) as Record<ContactField, string>;
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}
