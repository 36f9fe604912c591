import { apiFetch, totalCount } from '../api/client.server';
import type { ApiQuery } from '../api/client.server';
import { apiFailure, formRefusal } from '../forms/form-failure.server';
import { readValues, textOf } from '../forms/form-values';
import { chosenFiles, tooLargeMessage } from '../http/multipart.server';
import { successNotification } from '../ui/notifications';
import { redirectWithToast } from '../ui/toast.server';
import type { ContactMessage, Enquiry, InboxItem } from './inbox';
import { ENQUIRY_FIELDS, INBOX_PAGE_SIZE } from './inbox';

const id = (value: string) => encodeURIComponent(value);

/**
 * Sends the enquiry form (plain or multipart) to `POST enquiries`. Returns null when it was sent, or the
 * form's failure with what was typed: a file too large (400, before any call), or the API's refusal with
 * its field errors beside the fields.
 */
export async function sendEnquiry(
  request: Request,
  form: FormData,
  fixed: { enquiryType?: string; publisherId?: string },
) {
  const values = readValues(form);
  const failed = { intent: 'enquiry', values };
  const { files, tooLarge } = chosenFiles(form, 'files');
  const big = tooLargeMessage(tooLarge);
  if (big) return formRefusal(failed, { files: big });
  const body = new FormData();
  for (const name of ENQUIRY_FIELDS) {
    if (name === 'files') continue;
    const value = textOf(values, name).trim();
    if (value) body.append(name, value);
  }
  if (fixed.enquiryType) body.set('enquiryType', fixed.enquiryType);
  if (fixed.publisherId) body.set('publisherId', fixed.publisherId);
  for (const file of files) body.append('files', file, file.name);
  try {
    await apiFetch(request, 'enquiries', { method: 'POST', body, timeoutMs: 60_000 });
    return null;
  } catch (error) {
    return apiFailure(error, failed, (field) =>
      (ENQUIRY_FIELDS as readonly string[]).includes(field) ? field : null,
    );
  }
}

/** One page of the admin inbox and how many rows all pages hold. */
export async function listInbox(
  request: Request,
  filter: ApiQuery,
  page: number,
): Promise<{ items: InboxItem[]; total: number }> {
  const { data, headers } = await apiFetch<InboxItem[]>(request, 'admin/inbox', {
    query: { ...filter, page, size: INBOX_PAGE_SIZE },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}

/** Enquiries to the chef's kitchen (admins: all), one page. */
export async function listEnquiries(
  request: Request,
  status: string | null,
  page: number,
): Promise<{ items: Enquiry[]; total: number }> {
  const { data, headers } = await apiFetch<Enquiry[]>(request, 'enquiries', {
    query: { status, page, size: INBOX_PAGE_SIZE },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}

/** How many open enquiries wait for the chef's kitchen; null when it could not be read (the nav shows none). */
export async function openEnquiryCount(request: Request): Promise<number | null> {
  try {
    return (await apiFetch<{ open: number }>(request, 'enquiries/open-count')).data.open;
  } catch {
    return null;
  }
}

export async function getEnquiry(request: Request, enquiryId: string): Promise<Enquiry> {
  return (await apiFetch<Enquiry>(request, `enquiries/${id(enquiryId)}`)).data;
}

export async function getContactMessage(request: Request, messageId: string): Promise<ContactMessage> {
  return (await apiFetch<ContactMessage>(request, `contactus/${id(messageId)}`)).data;
}

export type ConversationIntent = 'answer' | 'close' | 'reopen';

/** Answers, closes or reopens a contact message or an enquiry. */
export async function actOn(
  request: Request,
  kind: 'contact' | 'enquiry',
  targetId: string,
  intent: ConversationIntent,
  response: string,
): Promise<void> {
  if (kind === 'contact' && intent === 'answer') {
    await apiFetch(request, 'contactus/response', { method: 'POST', json: { id: targetId, response } });
    return;
  }
  const base = kind === 'contact' ? `contactus/${id(targetId)}` : `enquiries/${id(targetId)}`;
  if (intent === 'answer')
    await apiFetch(request, `${base}/response`, { method: 'POST', json: { response } });
  else await apiFetch(request, `${base}/${intent}`, { method: 'POST', json: {} });
}

/**
 * The conversation pages' action: `intent` answer (with `response`), close or reopen. Success: back to
 * `back` with a toast; refused: the form again with what was typed and why.
 */
export async function conversationAction(
  request: Request,
  kind: 'contact' | 'enquiry',
  targetId: string,
  back: string,
) {
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  if (intent !== 'answer' && intent !== 'close' && intent !== 'reopen')
    return formRefusal({ intent, values }, {}, ['This form is not known here.']);
  try {
    await actOn(request, kind, targetId, intent, textOf(values, 'response'));
  } catch (error) {
    return apiFailure(error, { intent, values }, (field) => (field === 'response' ? 'response' : null));
  }
  const done = { answer: 'Answer sent.', close: 'Closed.', reopen: 'Reopened.' }[intent];
  return redirectWithToast(back, successNotification(done), { status: 303 });
}
