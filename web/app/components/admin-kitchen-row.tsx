import { Form, Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { PublisherStatus } from '@hearth/shared';
import { BRAND_TYPE_LABELS, shortDate } from '~/lib/format/chef-format';
import type { AdminKitchen } from '~/lib/chef/chef-types';
import type { FormResult } from '~/lib/forms/form-values';
import { resultFor } from '~/lib/forms/form-values';
import { FieldsScope, NumberField, TextAreaField, useFormKey } from './form-fields';
import { FormErrors } from './form-layout';
import { buttonClass, focusRing, linkClass } from './ui';

/** Where /l/admin's forms post; `back` (the list as the admin searched it) is where they return. */
export const ADMIN_PAGE = '/l/admin';

export const REVIEW_STATUS_LABELS: Record<PublisherStatus, string> = {
  [PublisherStatus.PENDING]: 'Pending review',
  [PublisherStatus.APPROVED]: 'Approved',
  [PublisherStatus.BLOCKED]: 'Blocked',
};

const BADGE_CLASS: Record<PublisherStatus, string> = {
  [PublisherStatus.PENDING]: 'bg-amber-100 text-amber-900',
  [PublisherStatus.APPROVED]: 'bg-sage-100 text-sage-700',
  [PublisherStatus.BLOCKED]: 'bg-red-50 text-red-900',
};

function ReviewForm({
  kitchen,
  intent,
  back,
  result,
}: {
  kitchen: AdminKitchen;
  intent: 'approve' | 'block';
  back: string;
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
      <Form
        method="post"
        action={ADMIN_PAGE}
        key={key}
        className="space-y-3"
        aria-label={`${verb} ${kitchen.brandDisplayName}`}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="publisherId" value={kitchen.id} />
        <input type="hidden" name="back" value={back} />
        <FormErrors errors={mine?.formErrors} />
        <TextAreaField
          name="statusReviewComments"
          label={intent === 'approve' ? 'Review comments (optional)' : 'Why block? (the chef is told)'}
          rows={2}
          required={intent === 'block'}
        />
        <button
          type="submit"
          className={intent === 'approve' ? buttonClass.primary : buttonClass.secondary}
          disabled={busy}
        >
          {busy ? `${verb === 'Approve' ? 'Approving' : 'Blocking'}…` : verb}
          <span className="sr-only"> {kitchen.brandDisplayName}</span>
        </button>
      </Form>
    </FieldsScope>
  );
}

function FeeForm({
  kitchen,
  back,
  result,
}: {
  kitchen: AdminKitchen;
  back: string;
  result: FormResult | undefined;
}) {
  const mine = resultFor(result, 'set-fee', kitchen.id);
  const values = mine?.values ?? { percentage: String(kitchen.fee.percentage) };
  const key = useFormKey(values);
  return (
    <FieldsScope formId={`fee-${kitchen.id}`} values={values} errors={mine?.fieldErrors}>
      <Form
        method="post"
        action={ADMIN_PAGE}
        key={key}
        className="space-y-3"
        aria-label={`Kitchen fee of ${kitchen.brandDisplayName}`}
      >
        <input type="hidden" name="intent" value="set-fee" />
        <input type="hidden" name="publisherId" value={kitchen.id} />
        <input type="hidden" name="kitchenName" value={kitchen.kitchenName} />
        <input type="hidden" name="brandDisplayName" value={kitchen.brandDisplayName} />
        <input type="hidden" name="back" value={back} />
        <FormErrors errors={mine?.formErrors} />
        <div className="flex flex-wrap items-end gap-3">
          <NumberField
            name="percentage"
            label="Fee percentage"
            min={0}
            max={100}
            step="0.01"
            className="w-36"
          />
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
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-cocoa-600">{term}</dt>
      <dd className="break-words text-cocoa-900">{children}</dd>
    </div>
  );
}

function feeText(fee: AdminKitchen['fee']): string {
  return `${fee.percentage}%${fee.isDefault ? ' (platform default)' : ''}`;
}

/**
 * One kitchen as a compact row: its name, state, owner, place, date and fee on two lines; the review
 * details and the approve, block and fee forms behind a disclosure (no JavaScript needed), open when one
 * of its forms just failed.
 */
export function AdminKitchenRow({
  kitchen,
  back,
  result,
}: {
  kitchen: AdminKitchen;
  back: string;
  result: FormResult | undefined;
}) {
  const place = [kitchen.city, kitchen.state].filter(Boolean).join(', ') || kitchen.country;
  const documents = [
    ...kitchen.identityPictures.map((f, i) => ({ ...f, label: `Identity ${i + 1}` })),
    ...kitchen.licensesAndCertifications.map((f, i) => ({ ...f, label: `Licence ${i + 1}` })),
  ];
  const failedHere = resultFor(result, ['approve', 'block', 'set-fee'], kitchen.id) !== undefined;
  const headingId = `kitchen-${kitchen.id}-name`;
  return (
    <li className="px-4 py-3 sm:px-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 break-words font-semibold text-cocoa-900">
          {kitchen.brandDisplayName}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASS[kitchen.status]}`}>
          {REVIEW_STATUS_LABELS[kitchen.status] ?? kitchen.status}
        </span>
        <span className="text-sm text-cocoa-700">
          {kitchen.status === PublisherStatus.APPROVED ? (
            <Link to={`/${kitchen.kitchenName}`} className={linkClass}>
              /{kitchen.kitchenName}
            </Link>
          ) : (
            `/${kitchen.kitchenName}`
          )}
        </span>
      </div>
      <p className="mt-1 text-sm text-cocoa-700 [overflow-wrap:anywhere]">
        {kitchen.owner.name ?? 'Owner unknown'}
        {kitchen.owner.email ? ` · ${kitchen.owner.email}` : ''}
        {place ? ` · ${place}` : ''} · registered {shortDate(kitchen.createdAt)} · fee {feeText(kitchen.fee)}
      </p>
      <details className="group mt-2" open={failedHere}>
        <summary
          className={`inline-flex cursor-pointer list-none items-center gap-1 rounded-full text-sm font-semibold text-ember-700 [&::-webkit-details-marker]:hidden ${focusRing}`}
        >
          <span aria-hidden="true" className="transition group-open:rotate-90">
            ›
          </span>
          Review, block or set the fee<span className="sr-only"> of {kitchen.brandDisplayName}</span>
        </summary>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          <Detail term="Brand type">{BRAND_TYPE_LABELS[kitchen.brandType] ?? kitchen.brandType}</Detail>
          <Detail term="Phone">
            {kitchen.fullPhoneNumber ?? '—'}
            {kitchen.fullWhatsAppNumber ? (
              <span className="block text-sm text-cocoa-700">WhatsApp {kitchen.fullWhatsAppNumber}</span>
            ) : null}
          </Detail>
          <Detail term="Agreement">{kitchen.acceptAgreement ? 'Accepted' : 'Not accepted'}</Detail>
          <Detail term="Review comments">{kitchen.statusReviewComments || 'None'}</Detail>
          <Detail term="Documents">
            {documents.length === 0
              ? 'None'
              : documents.map((d) => (
                  <a
                    key={d.key}
                    href={d.url}
                    className={`${linkClass} mr-3`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {d.label}
                  </a>
                ))}
          </Detail>
        </dl>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {kitchen.status !== PublisherStatus.APPROVED ? (
            <ReviewForm kitchen={kitchen} intent="approve" back={back} result={result} />
          ) : null}
          {kitchen.status !== PublisherStatus.BLOCKED ? (
            <ReviewForm kitchen={kitchen} intent="block" back={back} result={result} />
          ) : null}
          <FeeForm kitchen={kitchen} back={back} result={result} />
        </div>
      </details>
    </li>
  );
}
