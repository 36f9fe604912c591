import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormErrors, Panel } from '~/components/form-layout';
import { receiptKind, receiptSize } from '~/components/orders/date-receipts';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { MANAGE_MENUS, menuEditPath, menuRecordsPath } from '~/lib/chef/chef-paths';
import { getMenu } from '~/lib/chef/menus.server';
import { calendarDateLabel } from '~/lib/format/chef-format';
import { instantLabel } from '~/lib/format/dates';
import { apiFailure, formRefusal, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, resultFor, textOf } from '~/lib/forms/form-values';
import { unmatchedRoute } from '~/lib/http/http.server';
import { chosenFiles, readActionForm, tooLargeMessage } from '~/lib/http/multipart.server';
import { historyActor, historyText } from '~/lib/menus/menu-history';
import {
  deleteReceipt,
  menuHistory,
  menuReceipts,
  uploadReceipts,
  type Receipt,
} from '~/lib/menus/receipts.server';
import { requireRole } from '~/lib/session/guards.server';
import { successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Receipts and history of ${data?.menu.name ?? 'menu'} — Hearth` },
];

/**
 * /l/manage-menus/{id}/records (chefs): the menu's receipts, each for one of its cook dates or the whole menu
 * (upload, download, delete with a confirm step: `?delete={receiptId}`), and its history, newest first, with
 * who and when in the kitchen's zone. Another chef's menu is not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const id = params.id ?? '';
  try {
    const [menu, receipts, history] = await Promise.all([
      getMenu(request, id),
      menuReceipts(request, id),
      menuHistory(request, id),
    ]);
    const askDelete = new URL(request.url).searchParams.get('delete');
    const confirming = receipts.receipts.find((r) => r.id === askDelete) ?? null;
    return {
      user: { name: user.name, email: user.email },
      me: user.consumerId,
      menu: {
        id: menu.id,
        name: menu.name,
        timeZone: menu.timeZone ?? user.timeZone ?? 'UTC',
        status: menu.status,
      },
      dates: receipts.dates,
      receipts: receipts.receipts,
      history,
      confirming,
    };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))
      throw unmatchedRoute(request);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const id = params.id ?? '';
  const form = await readActionForm(request);
  const values = readValues(form);
  const intent = textOf(values, 'intent');
  const back = `${menuRecordsPath(id)}#receipts`;
  if (intent === 'upload-receipts') {
    const failed = { intent, values: { date: textOf(values, 'date') } };
    const { files, tooLarge } = chosenFiles(form, 'files');
    const big = tooLargeMessage(tooLarge);
    if (big) return formRefusal(failed, { files: big });
    if (files.length === 0) return formRefusal(failed, { files: 'Choose a receipt to upload first.' });
    try {
      await uploadReceipts(request, id, files, textOf(values, 'date') || null);
    } catch (error) {
      return apiFailure(error, failed, (field) =>
        field === 'file' || field === 'files' ? 'files' : field === 'date' ? 'date' : null,
      );
    }
    const text = files.length === 1 ? 'Receipt uploaded' : `${files.length} receipts uploaded`;
    return redirectWithToast(back, successNotification(text));
  }
  if (intent === 'delete-receipt') {
    const target = textOf(values, 'target');
    try {
      await deleteReceipt(request, id, target);
    } catch (error) {
      return apiFailure(error, { intent, target });
    }
    return redirectWithToast(back, successNotification('Receipt deleted'));
  }
  return unknownIntent();
}

function dateText(date: string | null): string {
  return date ? calendarDateLabel(date, { year: true }) : 'Whole menu';
}

function UploadReceipts({ dates, result }: { dates: string[]; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload-receipts';
  const fileError = result?.fieldErrors.files;
  const dateError = result?.fieldErrors.date;
  const chosen = typeof result?.values?.date === 'string' ? result.values.date : '';
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value="upload-receipts" />
      <FormErrors errors={result?.formErrors} />
      <div>
        <label htmlFor="receipt-date" className={labelClass}>
          For the cook date
        </label>
        <select
          id="receipt-date"
          name="date"
          defaultValue={chosen}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? 'receipt-date-error' : undefined}
          className={inputClass}
        >
          <option value="">Whole menu (no one date)</option>
          {dates.map((d) => (
            <option key={d} value={d}>
              {dateText(d)}
            </option>
          ))}
        </select>
        {dateError ? (
          <p id="receipt-date-error" className="mt-1.5 text-sm font-medium text-red-800">
            {dateError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="receipt-files" className={labelClass}>
          Receipt files
        </label>
        <input
          id="receipt-files"
          type="file"
          name="files"
          multiple
          required
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`receipt-files-hint${fileError ? ' receipt-files-error' : ''}`}
          className="block w-full text-sm text-cocoa-800 file:mr-4 file:rounded-full file:border-0 file:bg-cream-200 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-cocoa-900 hover:file:bg-cream-300"
        />
        <p id="receipt-files-hint" className="mt-1 text-xs text-cocoa-600">
          PDF, JPEG, PNG or WebP, up to 5 MB each and 5 at a time. Only you (and Hearth administrators) can
          open them.
        </p>
        {fileError ? (
          <p id="receipt-files-error" className="mt-1.5 text-sm font-medium text-red-800">
            {fileError}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? 'Uploading…' : 'Upload receipts'}
      </button>
    </Form>
  );
}

function ConfirmDelete({ receipt, cancelTo }: { receipt: Receipt; cancelTo: string }) {
  return (
    <div role="group" aria-labelledby="confirm-delete-heading" className="rounded-2xl bg-red-50 p-4">
      <h3 id="confirm-delete-heading" className="font-semibold text-red-900">
        Delete the receipt “{receipt.name}” ({dateText(receipt.date)})?
      </h3>
      <p className="mt-1 text-sm text-red-900">It is removed from your records for good.</p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete-receipt" />
        <input type="hidden" name="target" value={receipt.id} />
        <button type="submit" className={buttonClass.danger}>
          Delete receipt
        </button>
        <Link to={cancelTo} className={buttonClass.secondary}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

function ReceiptTable({ receipts, zone, base }: { receipts: Receipt[]; zone: string; base: string }) {
  if (receipts.length === 0) return <p className="text-sm text-cocoa-600">No receipts yet.</p>;
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Receipts of this menu</caption>
      <thead>
        <tr className="border-b border-cocoa-200">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Cook date
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Receipt
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Uploaded
          </th>
          <th scope="col" className="py-2 font-semibold">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {receipts.map((r) => {
          const facts = [receiptKind(r.contentType), receiptSize(r.size)].filter(Boolean).join(', ');
          return (
            <tr key={r.id} className="border-b border-cocoa-100 align-top">
              <td className="py-2 pr-3">{dateText(r.date)}</td>
              <td className="py-2 pr-3">
                <a href={r.url} className={linkClass} target="_blank" rel="noreferrer">
                  {r.name}
                </a>
                {facts ? <span className="text-cocoa-600"> ({facts})</span> : null}
              </td>
              <td className="py-2 pr-3">{instantLabel(r.uploadedAt, zone)}</td>
              <td className="py-2">
                <Link to={`${base}?delete=${encodeURIComponent(r.id)}#receipts`} className={linkClass}>
                  Delete…<span className="sr-only"> {r.name}</span>
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export default function MenuRecordsRoute() {
  const { user, me, menu, dates, receipts, history, confirming } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormResult | undefined;
  const upload = resultFor(actionData, 'upload-receipts');
  const removal = resultFor(actionData, 'delete-receipt');
  const base = menuRecordsPath(menu.id);
  return (
    <AccountPage title={`Receipts and history: ${menu.name}`} user={user}>
      <ChefNav />
      <p className="flex flex-wrap gap-4">
        <Link to={menuEditPath(menu.id)} className={linkClass}>
          Edit {menu.name}
        </Link>
        <Link to={MANAGE_MENUS} className={linkClass}>
          Back to your menus
        </Link>
      </p>
      <Panel id="receipts" title="Receipts">
        <div className="space-y-6">
          <p className="text-sm text-cocoa-700">
            Keep what you spent for each cook date with the menu. They are listed on your kitchen orders by
            date.
          </p>
          <FormErrors errors={removal?.formErrors} />
          {confirming ? <ConfirmDelete receipt={confirming} cancelTo={`${base}#receipts`} /> : null}
          <ReceiptTable receipts={receipts} zone={menu.timeZone} base={base} />
          <UploadReceipts dates={dates} result={upload} />
        </div>
      </Panel>
      <Panel id="history" title="History">
        {history.length === 0 ? (
          <p className="text-sm text-cocoa-600">Nothing has happened to this menu yet.</p>
        ) : (
          <ol className="space-y-3 border-l-2 border-cream-300 pl-4" aria-label="Menu history, newest first">
            {history.map((entry) => {
              const { title, detail } = historyText(entry);
              return (
                <li key={entry.id}>
                  <p className="font-semibold text-cocoa-900">{title}</p>
                  <p className="text-sm text-cocoa-700">
                    {historyActor(entry.actorId, me)} ·{' '}
                    <time dateTime={entry.at}>{instantLabel(entry.at, menu.timeZone)}</time>
                  </p>
                  {detail ? <p className="text-sm text-cocoa-700">{detail}</p> : null}
                </li>
              );
            })}
          </ol>
        )}
      </Panel>
    </AccountPage>
  );
}
