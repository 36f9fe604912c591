import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PublisherStatus, Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FieldsScope, FormErrors, NumberField, TextAreaField, useFormKey } from '~/components/form-fields';
import { buttonClass, focusRing, linkClass } from '~/components/ui';
import { approveKitchen, blockKitchen, kitchenFee, kitchensByStatus, setKitchenFee } from '~/lib/admin.server';
import { isApiError } from '~/lib/api.server';
import { ADMIN_PAGE_SIZE, BRAND_TYPE_LABELS, shortDate } from '~/lib/chef-format';
import type { KitchenFee, PublisherReview } from '~/lib/chef-types';
import { resolveByNames } from '~/lib/form-errors';
import { apiFailure, unknownIntent } from '~/lib/form-failure.server';
import type { FormResult } from '~/lib/form-values';
import { numberOrText, readValues, resultFor, textOf } from '~/lib/form-values';
import { requireRole } from '~/lib/guards.server';
import { failureText, successNotification } from '~/lib/notifications';
import { redirectWithToast } from '~/lib/toast.server';

const PAGE = '/l/admin';

const TABS: readonly { status: PublisherStatus; label: string }[] = [
  { status: PublisherStatus.PENDING, label: 'Pending' },
  { status: PublisherStatus.APPROVED, label: 'Approved' },
  { status: PublisherStatus.BLOCKED, label: 'Blocked' },
];

function statusOf(raw: string | null | undefined): PublisherStatus {
  const upper = (raw ?? '').toUpperCase();
  return TABS.some((t) => t.status === upper) ? (upper as PublisherStatus) : PublisherStatus.PENDING;
}

function tabHref(status: PublisherStatus, page = 0): string {
  return `${PAGE}?status=${status}${page > 0 ? `&page=${page}` : ''}`;
}

export const meta: MetaFunction = () => [{ title: 'Admin — Hearth' }];

/** /l/admin (admins, spec §6): kitchens by review state, with approve and block, and each kitchen's fee. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get('status'));
  const page = Math.max(0, Math.floor(Number(url.searchParams.get('page')) || 0));
  try {
    const { kitchens, total } = await kitchensByStatus(request, status, page);
    const fees = await Promise.all(kitchens.map((k) => kitchenFee(request, k.kitchenName)));
    const feeByKitchen: Record<string, KitchenFee | null> = {};
    kitchens.forEach((k, i) => (feeByKitchen[k.id] = fees[i]));
    return { user: { name, email }, status, page, kitchens, total, fees: feeByKitchen, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      status,
      page,
      kitchens: [] as PublisherReview[],
      total: 0,
      fees: {} as Record<string, KitchenFee | null>,
      loadError: failureText(error.problem),
    };
  }
}

const resolveReview = resolveByNames(['statusReviewComments']);
const resolveFee = resolveByNames(['percentage']);

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.ADMIN);
  const form = await request.formData();
  const values = readValues(form);
  const intent = textOf(values, 'intent');
  const back = tabHref(statusOf(textOf(values, 'status')), Number(textOf(values, 'page')) || 0);

  if (intent === 'approve' || intent === 'block') {
    const publisherId = textOf(values, 'publisherId');
    const comments = textOf(values, 'statusReviewComments').trim();
    try {
      if (intent === 'approve') await approveKitchen(request, publisherId, comments || undefined);
      else await blockKitchen(request, publisherId, comments);
    } catch (error) {
      return apiFailure(error, { intent, target: publisherId, values }, resolveReview);
    }
    return redirectWithToast(back, successNotification());
  }
  if (intent === 'set-fee') {
    const kitchenName = textOf(values, 'kitchenName');
    try {
      await setKitchenFee(request, kitchenName, numberOrText(textOf(values, 'percentage')) ?? '');
    } catch (error) {
      return apiFailure(error, { intent, target: textOf(values, 'publisherId'), values }, resolveFee);
    }
    return redirectWithToast(back, successNotification());
  }
  return unknownIntent();
}

function ReviewForm({
  kitchen,
  intent,
  status,
  page,
  result,
}: {
  kitchen: PublisherReview;
  intent: 'approve' | 'block';
  status: PublisherStatus;
  page: number;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const mine = resultFor(result, intent, kitchen.id);
  const values = mine?.values ?? { statusReviewComments: '' };
  const key = useFormKey(values);
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('publisherId') === kitchen.id;
  const verb = intent === 'approve' ? 'Approve' : 'Block';
  return (
    <FieldsScope formId={`${intent}-${kitchen.id}`} values={values} errors={mine?.fieldErrors}>
      <Form method="post" action={PAGE} key={key} className="space-y-3" aria-label={`${verb} ${kitchen.brandDisplayName}`}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="publisherId" value={kitchen.id} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="page" value={page} />
        <FormErrors errors={mine?.formErrors} />
        <TextAreaField
          name="statusReviewComments"
          label={intent === 'approve' ? 'Review comments (optional)' : 'Why block? (the chef is told)'}
          rows={2}
          required={intent === 'block'}
        />
        <button type="submit" className={intent === 'approve' ? buttonClass.primary : buttonClass.secondary} disabled={busy}>
          {busy ? `${verb === 'Approve' ? 'Approving' : 'Blocking'}…` : verb}
          <span className="sr-only"> {kitchen.brandDisplayName}</span>
        </button>
      </Form>
    </FieldsScope>
  );
}

function FeeForm({
  kitchen,
  fee,
  status,
  page,
  result,
}: {
  kitchen: PublisherReview;
  fee: KitchenFee | null;
  status: PublisherStatus;
  page: number;
  result: FormResult | undefined;
}) {
  const mine = resultFor(result, 'set-fee', kitchen.id);
  const values = mine?.values ?? { percentage: fee ? String(fee.percentage) : '' };
  const key = useFormKey(values);
  return (
    <FieldsScope formId={`fee-${kitchen.id}`} values={values} errors={mine?.fieldErrors}>
      <Form method="post" action={PAGE} key={key} className="space-y-3" aria-label={`Kitchen fee of ${kitchen.brandDisplayName}`}>
        <p className="text-sm text-cocoa-800">
          Kitchen fee:{' '}
          {fee ? (
            <strong>
              {fee.percentage}%{fee.isDefault ? ' (platform default)' : ''}
            </strong>
          ) : (
            <span>could not be read just now</span>
          )}
        </p>
        <input type="hidden" name="intent" value="set-fee" />
        <input type="hidden" name="publisherId" value={kitchen.id} />
        <input type="hidden" name="kitchenName" value={kitchen.kitchenName} />
        <input type="hidden" name="status" value={status} />
        <input type="hidden" name="page" value={page} />
        <FormErrors errors={mine?.formErrors} />
        <div className="flex items-end gap-3">
          <NumberField name="percentage" label="Fee percentage" min={0} max={100} step="0.01" className="w-40" />
          <button type="submit" className={buttonClass.secondary}>
            Set fee<span className="sr-only"> of {kitchen.brandDisplayName}</span>
          </button>
        </div>
      </Form>
    </FieldsScope>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-cocoa-600">{term}</dt>
      <dd className="text-cocoa-900">{children}</dd>
    </div>
  );
}

function KitchenEntry({
  kitchen,
  fee,
  status,
  page,
  result,
}: {
  kitchen: PublisherReview;
  fee: KitchenFee | null;
  status: PublisherStatus;
  page: number;
  result: FormResult | undefined;
}) {
  const place = [kitchen.city, kitchen.state, kitchen.country].filter(Boolean).join(', ');
  const documents = [
    ...kitchen.identityPictures.map((f, i) => ({ ...f, label: `Identity ${i + 1}` })),
    ...kitchen.licensesAndCertifications.map((f, i) => ({ ...f, label: `Licence ${i + 1}` })),
  ];
  return (
    <li className="rounded-3xl bg-white p-6 shadow-card" aria-labelledby={`kitchen-${kitchen.id}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={`kitchen-${kitchen.id}-name`} className="font-display text-xl font-semibold text-cocoa-900">
          {kitchen.brandDisplayName}
        </h3>
        <span className="text-sm text-cocoa-700">
          {kitchen.status === PublisherStatus.APPROVED ? (
            <Link to={`/${kitchen.kitchenName}`} className={linkClass}>
              /{kitchen.kitchenName}
            </Link>
          ) : (
            `/${kitchen.kitchenName}`
          )}{' '}
          · {BRAND_TYPE_LABELS[kitchen.brandType] ?? kitchen.brandType}
        </span>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-4">
        <Detail term="Owner">
          {kitchen.owner.name ?? '—'}
          {kitchen.owner.email ? <span className="block text-sm text-cocoa-700">{kitchen.owner.email}</span> : null}
        </Detail>
        <Detail term="City">{place || '—'}</Detail>
        <Detail term="Registered">{shortDate(kitchen.createdAt)}</Detail>
        <Detail term="Phone">
          {kitchen.fullPhoneNumber ?? '—'}
          {kitchen.fullWhatsAppNumber ? (
            <span className="block text-sm text-cocoa-700">WhatsApp {kitchen.fullWhatsAppNumber}</span>
          ) : null}
        </Detail>
        <Detail term="Review comments">{kitchen.statusReviewComments || 'None'}</Detail>
        <Detail term="Agreement">{kitchen.acceptAgreement ? 'Accepted' : 'Not accepted'}</Detail>
        <Detail term="Documents">
          {documents.length === 0
            ? 'None'
            : documents.map((d) => (
                <a key={d.key} href={d.url} className={`${linkClass} mr-3`} target="_blank" rel="noreferrer">
                  {d.label}
                </a>
              ))}
        </Detail>
      </dl>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {kitchen.status !== PublisherStatus.APPROVED ? (
          <ReviewForm kitchen={kitchen} intent="approve" status={status} page={page} result={result} />
        ) : null}
        {kitchen.status !== PublisherStatus.BLOCKED ? (
          <ReviewForm kitchen={kitchen} intent="block" status={status} page={page} result={result} />
        ) : null}
        <FeeForm kitchen={kitchen} fee={fee} status={status} page={page} result={result} />
      </div>
    </li>
  );
}

export default function AdminRoute() {
  const { user, status, page, kitchens, total, fees, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const label = TABS.find((t) => t.status === status)?.label ?? status;
  return (
    <AccountPage title="Admin" user={user}>
      <section aria-labelledby="kitchens-heading">
        <h2 id="kitchens-heading" className="font-display text-2xl font-semibold text-cocoa-900">
          Kitchens
        </h2>
        <nav aria-label="Kitchens by status" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {TABS.map((tab) => {
              const current = tab.status === status;
              return (
                <li key={tab.status}>
                  <Link
                    to={tabHref(tab.status)}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex rounded-full px-4 py-2 text-sm font-semibold ${focusRing} ${
                      current ? 'bg-ember-700 text-white' : 'bg-white text-cocoa-800 shadow-sm hover:bg-cream-200'
                    }`}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {loadError ? (
          <div className="mt-6">
            <FormErrors errors={[loadError]} />
          </div>
        ) : kitchens.length === 0 ? (
          <p className="mt-6 rounded-3xl bg-white p-6 text-cocoa-800 shadow-card">No {label.toLowerCase()} kitchens.</p>
        ) : (
          <>
            <p className="mt-4 text-sm text-cocoa-700">
              {total} {label.toLowerCase()} {total === 1 ? 'kitchen' : 'kitchens'}
            </p>
            <ul className="mt-4 space-y-6" aria-label={`${label} kitchens`}>
              {kitchens.map((kitchen) => (
                <KitchenEntry key={kitchen.id} kitchen={kitchen} fee={fees[kitchen.id] ?? null} status={status} page={page} result={result} />
              ))}
            </ul>
          </>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
            {page > 0 ? (
              <Link to={tabHref(status, page - 1)} className={buttonClass.secondary}>
                Previous page
              </Link>
            ) : null}
            <span className="text-sm text-cocoa-700">
              Page {page + 1} of {pages}
            </span>
            {page + 1 < pages ? (
              <Link to={tabHref(status, page + 1)} className={buttonClass.secondary}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </AccountPage>
  );
}
