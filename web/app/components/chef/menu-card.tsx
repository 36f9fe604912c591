import { Form, Link, useNavigation } from '@remix-run/react';
import { MenuStatus, MenuType, RepeatUnit, todayIn } from '@hearth/shared';
import { FormErrors } from '~/components/form-layout';
import { buttonClass } from '~/components/ui';
import { calendarDateLabel, cutoffLabel, timeSlotLabel, WEEKDAYS } from '~/lib/format/chef-format';
import type { ChefMenu } from '~/lib/chef/chef-types';
import type { FormResult } from '~/lib/forms/form-values';
import { MANAGE_MENUS } from '~/lib/chef/chef-paths';
import { confirmPath } from '~/lib/chef/menu-impact';

/** A link to the confirm step of a change that cannot be taken back in one click. */
export function ConfirmLink({ to, label, subject }: { to: string; label: string; subject: string }) {
  return (
    <Link to={to} className={buttonClass.secondary}>
      {label}
      <span className="sr-only"> {subject}</span>
    </Link>
  );
}

/** A one-button form of the list: `intent` on `target` (a menu or an item). */
export function ActionButton({
  intent,
  target,
  label,
  subject,
  primary = false,
}: {
  intent: string;
  target: string;
  label: string;
  subject: string;
  primary?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('target') === target;
  return (
    <Form method="post" action={MANAGE_MENUS}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={target} />
      <button type="submit" className={primary ? buttonClass.primary : buttonClass.secondary} disabled={busy}>
        {busy ? `${label}…` : label}
        <span className="sr-only"> {subject}</span>
      </button>
    </Form>
  );
}

/** How the menu repeats: "One time", "Every week on Fri", "Every 2 days". */
function repeatSummary(menu: ChefMenu): string {
  if (menu.menuType === MenuType.ONETIME || menu.occurrence === RepeatUnit.ONETIME) return 'One time';
  const n = menu.repeatsEvery;
  const unit =
    menu.occurrence === RepeatUnit.DAYS ? 'day' : menu.occurrence === RepeatUnit.WEEKS ? 'week' : 'month';
  let text = n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
  if (menu.occurrence === RepeatUnit.WEEKS && menu.repeatsOn.length) {
    text += ` on ${menu.repeatsOn.map((d) => WEEKDAYS.find((w) => w.value === d)?.label ?? d).join(', ')}`;
  }
  return text;
}

const STATUS_LABELS: Record<string, string> = { PUBLISHED: 'Published', DRAFT: 'Draft', PAUSE: 'Paused' };

/** A menu of the chef's list: its state, next dates, items and what can be done with it now. */
export function MenuCard({ menu, result }: { menu: ChefMenu; result: FormResult | undefined }) {
  const mine = result && result.target === menu.id ? result : undefined;
  const zone = menu.timeZone;
  const today = todayIn(zone);
  const upcoming = menu.menuDates.filter((d) => !d.isDeleted && d.date >= today).slice(0, 4);
  const can = (action: ChefMenu['allowedActions'][number]) => menu.allowedActions.includes(action);
  const recurring = menu.menuType === MenuType.RECURRING;
  return (
    <li
      id={`menu-${menu.id}`}
      className="rounded-3xl bg-white p-6 shadow-card"
      aria-labelledby={`menu-${menu.id}-name`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`menu-${menu.id}-name`} className="font-display text-xl font-semibold text-cocoa-900">
          {menu.name}
        </h4>
        <span className="text-sm text-cocoa-700">
          {STATUS_LABELS[menu.status] ?? menu.status}
          {menu.isPrivate ? ' · Private (only with your code)' : ''} · {repeatSummary(menu)}
        </span>
      </div>
      {menu.description ? <p className="mt-1 text-cocoa-700">{menu.description}</p> : null}
      <p className="mt-2 text-sm text-cocoa-800">
        {menu.items.length === 0 ? 'No items yet.' : `Items: ${menu.items.map((i) => i.name).join(', ')}`}
      </p>
      <FormErrors errors={mine?.formErrors} />
      <h5 className="mt-4 text-sm font-semibold text-cocoa-900">Next dates{zone ? ` (${zone})` : ''}</h5>
      {upcoming.length === 0 ? (
        <p className="text-sm text-cocoa-700">
          {menu.status === MenuStatus.DRAFT && menu.deliveryDate
            ? `First date ${calendarDateLabel(menu.deliveryDate)}; dates are set when it is published.`
            : 'No upcoming dates.'}
        </p>
      ) : (
        <ul className="mt-1 space-y-2">
          {upcoming.map((d) => (
            <li
              key={d.date}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-cream-100 px-4 py-2 text-sm"
            >
              <span>
                <strong className="text-cocoa-900">{calendarDateLabel(d.date)}</strong>
                <span className="text-cocoa-700"> · {d.timeSlots.map(timeSlotLabel).join(', ')} · </span>
                {d.orderable ? (
                  <span className="text-cocoa-900">Order by {cutoffLabel(d.cutoffAt, zone)}</span>
                ) : (
                  <span className="font-semibold text-cocoa-700">Orders closed</span>
                )}
              </span>
              {recurring && can('deleteDate') ? (
                <ConfirmLink
                  to={confirmPath(menu.id, 'delete-date', d.date)}
                  label="Remove this date…"
                  subject={`${calendarDateLabel(d.date)} of ${menu.name}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        {can('publish') ? (
          <ActionButton intent="publish" target={menu.id} label="Publish" subject={menu.name} primary />
        ) : null}
        {can('resume') ? (
          <ActionButton intent="resume" target={menu.id} label="Resume" subject={menu.name} primary />
        ) : null}
        {can('pause') ? (
          <ConfirmLink to={confirmPath(menu.id, 'pause')} label="Pause…" subject={menu.name} />
        ) : null}
        {can('edit') ? (
          <Link to={`${MANAGE_MENUS}/${encodeURIComponent(menu.id)}/edit`} className={buttonClass.secondary}>
            Edit<span className="sr-only"> {menu.name}</span>
          </Link>
        ) : null}
        <Link to={`${MANAGE_MENUS}/${encodeURIComponent(menu.id)}/records`} className={buttonClass.secondary}>
          Receipts and history<span className="sr-only"> of {menu.name}</span>
        </Link>
        <ActionButton intent="clone-menu" target={menu.id} label="Clone" subject={menu.name} />
        {can('delete') ? (
          <ConfirmLink to={confirmPath(menu.id, 'delete')} label="Delete…" subject={menu.name} />
        ) : null}
      </div>
    </li>
  );
}
