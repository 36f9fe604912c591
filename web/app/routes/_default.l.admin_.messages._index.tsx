import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ComposeForm } from '~/components/bulk-messages/compose-form';
import type { Lookups } from '~/components/bulk-messages/compose-form';
import { HistoryTable, MESSAGES_PAGE } from '~/components/bulk-messages/history-table';
import { FormErrors } from '~/components/form-layout';
import { linkClass } from '~/components/ui';
import { HISTORY_PAGE_SIZE } from '~/lib/admin/bulk-message-types';
import type { BulkMessage, BulkPreview } from '~/lib/admin/bulk-message-types';
import {
  COMPOSE_FIELDS,
  composeBody,
  findItems,
  findKitchens,
  findUsers,
  listBulkMessages,
  previewBulkMessage,
  sendBulkMessage,
} from '~/lib/admin/bulk-messages.server';
import { isApiError } from '~/lib/api/client.server';
import { resolveByNames } from '~/lib/forms/form-errors';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult, FormValues } from '~/lib/forms/form-values';
import { readValues, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction = () => [{ title: 'Messages — Admin — Hearth' }];

const INTENTS = ['preview', 'send', 'find-user', 'find-kitchen', 'find-items'] as const;
type Intent = (typeof INTENTS)[number];

/** What the action sends back: the form as typed, its errors, the lookups' matches and the preview. */
export type ComposeResult = FormResult & Lookups & { preview: BulkPreview | null };

function pageOf(url: URL): number {
  const page = Math.floor(Number(url.searchParams.get('page')));
  return Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 0;
}

/**
 * /l/admin/messages (admins, issue 16): compose a bulk message to one of the eight target groups, preview
 * it with its recipient count, send it; below, the past sends with their figures, paged (`?page=`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const page = pageOf(new URL(request.url));
  try {
    const { messages, total } = await listBulkMessages(request, page);
    return { user: { name, email }, page, messages, total, historyError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      page,
      messages: [] as BulkMessage[],
      total: 0,
      historyError: failureText(error.problem),
    };
  }
}

/** The API's names for the form's fields (snake_case as sent, or the DTO's camelCase). */
const resolveField = resolveByNames([...COMPOSE_FIELDS, 'one_user'], {
  targetGroup: 'target_group',
  targetChef: 'target_chef',
  templateType: 'template_type',
  contentFormat: 'content_format',
  itemIds: 'item_ids',
});

/** The matches of every lookup whose search box has words in it (so a later submit keeps the lists). */
async function lookups(request: Request, values: FormValues): Promise<Lookups> {
  const words = (name: string) => textOf(values, name).trim().slice(0, 100);
  const result: Lookups = { users: null, kitchens: null, items: null, lookupError: null };
  try {
    const [users, kitchens, items] = await Promise.all([
      words('user_query') ? findUsers(request, words('user_query')) : null,
      words('kitchen_query') ? findKitchens(request, words('kitchen_query')) : null,
      words('item_query') ? findItems(request, words('item_query')) : null,
    ]);
    return { ...result, users, kitchens, items };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...result, lookupError: failureText(error.problem) };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireRole(request, Role.ADMIN);
  const values = readValues(await request.formData(), ['item_ids']);
  const intent = textOf(values, 'intent') as Intent;
  if (!INTENTS.includes(intent)) return unknownIntent();
  delete values.intent;
  const body = composeBody(values, admin.email ?? null);
  const found = await lookups(request, values);
  const result = (extra: Partial<ComposeResult> = {}): ComposeResult => ({
    intent,
    target: null,
    values,
    fieldErrors: {},
    formErrors: [],
    preview: null,
    ...found,
    ...extra,
  });
  if (intent === 'find-user' || intent === 'find-kitchen' || intent === 'find-items') return data(result());
  try {
    if (intent === 'send') {
      const sent = await sendBulkMessage(request, body);
      const total = sent.progress?.total ?? 0;
      return redirectWithToast(
        `${MESSAGES_PAGE}/${sent.id}`,
        successNotification(
          total > 0
            ? `Sending “${sent.subject}” to ${total} ${total === 1 ? 'recipient' : 'recipients'}.`
            : `Sending “${sent.subject}”.`,
        ),
        { status: 303 },
      );
    }
    return data(result({ preview: await previewBulkMessage(request, body) }));
  } catch (error) {
    const failed = apiFailure(error, { intent, values }, resolveField);
    return data(result({ fieldErrors: failed.data.fieldErrors, formErrors: failed.data.formErrors }), {
      status: failed.init?.status ?? 400,
    });
  }
}

export default function AdminMessages() {
  const { user, page, messages, total, historyError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ComposeResult | undefined;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <AccountPage title="Messages" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to admin
        </Link>
      </p>
      <section aria-labelledby="compose-heading" className="mt-6">
        <h2 id="compose-heading" className="mb-4 font-display text-2xl font-semibold text-cocoa-900">
          New message
        </h2>
        <ComposeForm
          values={result?.values ?? {}}
          fieldErrors={result?.fieldErrors ?? {}}
          formErrors={result?.formErrors ?? []}
          lookups={{
            users: result?.users ?? null,
            kitchens: result?.kitchens ?? null,
            items: result?.items ?? null,
            lookupError: result?.lookupError ?? null,
          }}
          preview={result?.preview ?? null}
          adminEmail={user.email ?? null}
        />
      </section>
      <section aria-labelledby="history-heading" className="mt-12">
        <h2 id="history-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Sent messages
        </h2>
        {historyError ? (
          <div className="mt-4">
            <FormErrors errors={[historyError]} />
          </div>
        ) : (
          <HistoryTable messages={messages} page={page} pages={pages} />
        )}
      </section>
    </AccountPage>
  );
}
