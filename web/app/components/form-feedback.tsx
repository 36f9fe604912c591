/** Messages about a whole form (not one field): read out at once by screen readers. */
export function FormAlert({ messages, id }: { messages: readonly string[] | null | undefined; id?: string }) {
  if (!messages || messages.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-2xl border border-red-700/30 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
    >
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The message beside one field; its id is what the field's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** A calm notice (no results, a hint). */
export function Notice({
  children,
  tone = 'info',
}: {
  children: React.ReactNode;
  tone?: 'info' | 'warning';
}) {
  const style =
    tone === 'warning'
      ? 'border-amber-600/30 bg-amber-50 text-amber-950'
      : 'border-dashed border-cocoa-700/20 bg-white/70 text-cocoa-800';
  return <div className={`rounded-3xl border p-6 ${style}`}>{children}</div>;
}
