import { data, unstable_parseMultipartFormData } from '@remix-run/node';
import type { UploadHandler } from '@remix-run/node';
import { MAX_UPLOAD_BYTES } from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import { apiFailure, formRefusal } from '../forms/form-failure.server';
import type { FailedForm } from '../forms/form-failure.server';

/** Text fields of a multipart form are short (an intent, an id). */
const MAX_TEXT_BYTES = 64 * 1024;
/** Marks a file that was too large: its bytes were read and dropped, only its name is kept. */
const TOO_LARGE_TYPE = 'application/x-hearth-too-large';

/** Most parts (fields and files) one multipart form may have: an upload form has a few fields and ≤ 10 files. */
export const MAX_FORM_PARTS = 100;
/** Most bytes of all parts together (the web server refuses a larger body before this: server/body-limit.js). */
export const MAX_FORM_BYTES = 50 * 1024 * 1024;

/** The 413 the error page shows for a multipart form beyond {@link MAX_FORM_PARTS} or {@link MAX_FORM_BYTES}. */
function formTooLarge(why: string) {
  return data(`${why} Go back and send fewer or smaller files.`, {
    status: 413,
    statusText: 'Payload Too Large',
  });
}

/**
 * Reads every part to the end (so the request is consumed) but keeps at most `MAX_UPLOAD_BYTES` of a
 * file: a larger one becomes an empty marker file, so the form still knows its intent and can say
 * which file was too large. An empty file input (no file chosen) is left out. One handler per request: it
 * stops with a 413 at the {@link MAX_FORM_PARTS}th + 1 part or past {@link MAX_FORM_BYTES} in all.
 */
function boundedUpload(): UploadHandler {
  let parts = 0;
  let total = 0;
  return async ({ filename, contentType, data: stream }) => {
    parts += 1;
    if (parts > MAX_FORM_PARTS)
      throw formTooLarge(`The form has more than ${MAX_FORM_PARTS} fields and files.`);
    const limit = typeof filename === 'string' ? MAX_UPLOAD_BYTES : MAX_TEXT_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > MAX_FORM_BYTES)
        throw formTooLarge(`The files add up to more than ${MAX_FORM_BYTES / (1024 * 1024)} MB.`);
      if (size <= limit) chunks.push(chunk);
    }
    return keep(filename, contentType, chunks, size, limit);
  };
}

function keep(
  filename: string | undefined,
  contentType: string,
  chunks: Uint8Array[],
  size: number,
  limit: number,
): string | File | undefined {
  if (typeof filename !== 'string')
    return size > limit ? '' : new TextDecoder().decode(Buffer.concat(chunks));
  if (!filename && size === 0) return undefined;
  if (size > limit) return new File([], filename, { type: TOO_LARGE_TYPE });
  return new File([Buffer.concat(chunks)], filename, { type: contentType || 'application/octet-stream' });
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** The action's form, plain or multipart (uploads), with files bounded as {@link boundedUpload} says. */
export async function readActionForm(request: Request): Promise<FormData> {
  if (!isMultipart(request)) return request.formData();
  return unstable_parseMultipartFormData(request, boundedUpload());
}

export interface ChosenFiles {
  files: File[];
  /** Names of files larger than {@link MAX_UPLOAD_BYTES}. */
  tooLarge: string[];
}

/** The files chosen in the input `name` (none when the input was left empty). */
export function chosenFiles(form: FormData, name: string): ChosenFiles {
  const files: File[] = [];
  const tooLarge: string[] = [];
  for (const value of form.getAll(name)) {
    if (typeof value === 'string') continue;
    if (value.type === TOO_LARGE_TYPE) tooLarge.push(value.name);
    else if (value.size > 0 || value.name) files.push(value);
  }
  return { files, tooLarge };
}

/** The sentence for {@link ChosenFiles.tooLarge}, or null. */
export function tooLargeMessage(names: string[]): string | null {
  if (names.length === 0) return null;
  const mb = MAX_UPLOAD_BYTES / (1024 * 1024);
  return names.length === 1
    ? `${names[0]} is larger than ${mb} MB; choose a smaller file.`
    : `${names.join(', ')} are larger than ${mb} MB each; choose smaller files.`;
}

/**
 * Sends files on to an API upload endpoint as multipart/form-data under `field` (`file` or `files`),
 * with the browser's cookie like every other call.
 */
export async function forwardFiles<T = unknown>(
  request: Request,
  path: string,
  field: string,
  files: File[],
) {
  const body = new FormData();
  for (const file of files) body.append(field, file, file.name);
  // Uploads of several pictures take longer than the default 10 s on a slow link.
  return apiFetch<T>(request, path, { method: 'POST', body, timeoutMs: 60_000 });
}

/**
 * Runs an upload form's `send` with the files of its `files` input. Returns null when it worked, or the
 * page's failure: a file too large or none chosen (400), or the API's refusal (415 not a picture, …).
 */
export async function runUpload(
  form: FormData,
  failed: FailedForm,
  send: (files: File[]) => Promise<unknown>,
): Promise<ReturnType<typeof formRefusal> | null> {
  const { files, tooLarge } = chosenFiles(form, 'files');
  const big = tooLargeMessage(tooLarge);
  if (big) return formRefusal(failed, { files: big });
  if (files.length === 0) return formRefusal(failed, { files: 'Choose a file first.' });
  try {
    await send(files);
  } catch (error) {
    return apiFailure(error, failed, (field) => (field === 'file' || field === 'files' ? 'files' : null));
  }
  return null;
}
