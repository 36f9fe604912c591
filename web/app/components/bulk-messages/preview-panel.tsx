import { buttonClass } from '~/components/ui';
import type { BulkPreview } from '~/lib/admin/bulk-message-types';

/**
 * The preview of a composed message: how many get it (and a few of them), the subject, the e-mail as
 * rendered (its sanitised HTML in a sandboxed frame: no script runs, nothing of this page is reachable
 * from it), the plain-text part, and the button that sends it. Part of the compose form.
 */
export function PreviewPanel({ preview, busy }: { preview: BulkPreview; busy: boolean }) {
  const count = preview.recipientCount;
  return (
    <section
      aria-labelledby="preview-heading"
      className="space-y-4 rounded-3xl bg-white p-6 shadow-card"
      data-testid="bulk-preview"
    >
      <h2 id="preview-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Preview
      </h2>
      <p className="text-cocoa-800" data-testid="recipient-count">
        {count === 0
          ? 'Nobody would get this message.'
          : `${count} ${count === 1 ? 'recipient' : 'recipients'}`}
        {preview.sample.length ? `, for example: ${preview.sample.join(', ')}` : ''}
      </p>
      <p className="text-cocoa-800">
        <span className="font-semibold">Subject:</span> {preview.subject}
      </p>
      <iframe
        title="The message as recipients will see it"
        srcDoc={preview.html}
        sandbox=""
        className="h-96 w-full rounded-xl border border-cocoa-700/20 bg-white"
      />
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-cocoa-800">Plain-text version</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-cocoa-800">{preview.text}</pre>
      </details>
      {count > 0 ? (
        <button type="submit" name="intent" value="send" className={buttonClass.primary} disabled={busy}>
          Send to {count} {count === 1 ? 'recipient' : 'recipients'}
        </button>
      ) : null}
    </section>
  );
}
