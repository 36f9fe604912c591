import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ItemStatus, MenuStatus, MenuType, RepeatUnit, Role, todayIn, type ItemAction } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormErrors, Panel } from '~/components/form-fields';
import { buttonClass, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { calendarDateLabel, cutoffLabel, formatPrice, timeSlotLabel, WEEKDAYS } from '~/lib/format/chef-format';
import type { ChefItem, ChefMenu } from '~/lib/chef/chef-types';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, resultFor, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { actOnItem, cloneItem, isItemAction, listItems } from '~/lib/chef/items.server';
import { MANAGE_MENUS, itemPath } from '~/lib/chef/chef-paths';
import { confirmPath } from '~/lib/chef/menu-impact';
import { changeMenuState, cloneMenu, listMenus } from '~/lib/chef/menus.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';
import type { Schemas } from '~/lib/api/schemas';

export const meta: MetaFunction = () => [{ title: 'Manage menus — Hearth' }];

/** /l/manage-menus: chefs only (spec §6 chef guard). Menus by status with their next dates, and the items. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  try {
    const [menus, items, kitchen] = await Promise.all([
      listMenus(request),
      listItems(request),
      apiFetch<Schemas['PublisherSummaryDto']>(request, 'publisher/mine')
        .then((r) => r.data)
        .catch(() => null),
    ]);
    return { user: { name, email }, menus, items, kitchen, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      menus: [] as ChefMenu[],
      items: [] as ChefItem[],
      kitchen: null as Schemas['PublisherSummaryDto'] | null,
      loadError: failureText(error.problem),
    };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const values = readValues(await request.formData());
  const intent = textOf(values, 'intent');
  const target = textOf(values, 'target');
  const failed = { intent, target };
  const done = (to: string, text: string) => redirectWithToast(to, successNotification(text));
  // Pausing and deleting go through a confirm step: /l/manage-menus/{id}/confirm, /l/manage-menus/items/{id}/delete.
  try {
    switch (intent) {
      case 'publish': {
        const menu = await changeMenuState(request, target, intent);
        return done(`${MANAGE_MENUS}#menu-${target}`, `${menu.name} published — customers can order from it now`);
      }
      case 'resume': {
        const menu = await changeMenuState(request, target, intent);
        return done(`${MANAGE_MENUS}#menu-${target}`, `${menu.name} resumed — customers see it again`);
      }
      case 'clone-menu': {
        const copy = await cloneMenu(request, target);
        return done(`${MANAGE_MENUS}/${encodeURIComponent(copy.id)}/edit`, `Made a draft copy: ${copy.name}`);
      }
      case 'clone-item': {
        const copy = await cloneItem(request, target);
        return done(`${MANAGE_MENUS}/items/${encodeURIComponent(copy.id)}`, `Made a copy: ${copy.name}`);
      }
    }
    const itemAction = intent.startsWith('item-') ? intent.slice('item-'.length) : null;
    if (isItemAction(itemAction)) {
      const item = await actOnItem(request, target, itemAction);
      return done(`${MANAGE_MENUS}#item-${target}`, ITEM_DONE[itemAction](item.name));
    }
  } catch (error) {
    return apiFailure(error, failed);
  }
  return unknownIntent();
}

const ITEM_DONE: Record<ItemAction, (name: string) => string> = {
  soldout: (name) => `${name} marked sold out — customers can no longer add it`,
  available: (name) => `${name} is available again`,
  hide: (name) => `${name} hidden — customers no longer see it`,
  show: (name) => `${name} is shown to customers again`,
};

/** A link to the confirm step of a change that cannot be taken back in one click. */
function ConfirmLink({ to, label, subject }: { to: string; label: string; subject: string }) {
  return (
    <Link to={to} className={buttonClass.secondary}>
      {label}
      <span className="sr-only"> {subject}</span>
    </Link>
  );
}

/** A one-button form of the list: `intent` on `target` (a menu or an item). */
function ActionButton({
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

function repeatSummary(menu: ChefMenu): string {
  if (menu.menuType === MenuType.ONETIME || menu.occurrence === RepeatUnit.ONETIME) return 'One time';
  const n = menu.repeatsEvery;
  const unit = menu.occurrence === RepeatUnit.DAYS ? 'day' : menu.occurrence === RepeatUnit.WEEKS ? 'week' : 'month';
  let text = n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
  if (menu.occurrence === RepeatUnit.WEEKS && menu.repeatsOn.length) {
    text += ` on ${menu.repeatsOn.map((d) => WEEKDAYS.find((w) => w.value === d)?.label ?? d).join(', ')}`;
  }
  return text;
}

const STATUS_LABELS: Record<string, string> = { PUBLISHED: 'Published', DRAFT: 'Draft', PAUSE: 'Paused' };

function MenuCard({ menu, result }: { menu: ChefMenu; result: FormResult | undefined }) {
  const mine = result && result.target === menu.id ? result : undefined;
  const zone = menu.timeZone;
  const today = todayIn(zone);
  const upcoming = menu.menuDates.filter((d) => !d.isDeleted && d.date >= today).slice(0, 4);
  const can = (action: ChefMenu['allowedActions'][number]) => menu.allowedActions.includes(action);
  const recurring = menu.menuType === MenuType.RECURRING;
  return (
    <li id={`menu-${menu.id}`} className="rounded-3xl bg-white p-6 shadow-card" aria-labelledby={`menu-${menu.id}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`menu-${menu.id}-name`} className="font-display text-xl font-semibold text-cocoa-900">
          {menu.name}
        </h4>
        <span className="text-sm text-cocoa-700">
          {STATUS_LABELS[menu.status] ?? menu.status} · {repeatSummary(menu)}
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
            <li key={d.date} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-cream-100 px-4 py-2 text-sm">
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
        {can('publish') ? <ActionButton intent="publish" target={menu.id} label="Publish" subject={menu.name} primary /> : null}
        {can('resume') ? <ActionButton intent="resume" target={menu.id} label="Resume" subject={menu.name} primary /> : null}
        {can('pause') ? <ConfirmLink to={confirmPath(menu.id, 'pause')} label="Pause…" subject={menu.name} /> : null}
        {can('edit') ? (
          <Link to={`${MANAGE_MENUS}/${encodeURIComponent(menu.id)}/edit`} className={buttonClass.secondary}>
            Edit<span className="sr-only"> {menu.name}</span>
          </Link>
        ) : null}
        <ActionButton intent="clone-menu" target={menu.id} label="Clone" subject={menu.name} />
        {can('delete') ? <ConfirmLink to={confirmPath(menu.id, 'delete')} label="Delete…" subject={menu.name} /> : null}
      </div>
    </li>
  );
}

const GROUPS: readonly { status: MenuStatus; title: string; empty: string }[] = [
  { status: MenuStatus.PUBLISHED, title: 'Published', empty: 'No published menus: customers see nothing of yours yet.' },
  { status: MenuStatus.DRAFT, title: 'Drafts', empty: 'No drafts.' },
  { status: MenuStatus.PAUSE, title: 'Paused', empty: 'No paused menus.' },
];

function itemState(item: ChefItem): string {
  if (item.itemStatus === ItemStatus.HIDDEN) return 'Hidden';
  if (item.soldOut || item.itemStatus === ItemStatus.SOLD_OUT) return 'Sold out';
  return 'On sale';
}

function ItemRow({ item, result }: { item: ChefItem; result: FormResult | undefined }) {
  const mine = result && result.target === item.id ? result : undefined;
  const first = item.pricingOptions[0];
  const soldOut = item.itemStatus === ItemStatus.SOLD_OUT;
  const hidden = item.itemStatus === ItemStatus.HIDDEN;
  const picture = item.itemPictures[0];
  return (
    <li id={`item-${item.id}`} className="rounded-2xl border border-cocoa-700/10 p-4" aria-labelledby={`item-${item.id}-name`}>
      <div className="flex flex-wrap items-start gap-4">
        {picture ? (
          <img src={picture.sizes.find((s) => s.width === 400)?.url ?? picture.url} alt="" className="h-16 w-16 rounded-xl object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-xl bg-cream-200 text-2xl">
            🍲
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 id={`item-${item.id}-name`} className="font-semibold text-cocoa-900">
            <Link to={`${MANAGE_MENUS}/items/${encodeURIComponent(item.id)}`} className={linkClass}>
              {item.name}
            </Link>
          </h3>
          <p className="text-sm text-cocoa-700">
            <span className={`font-semibold ${hidden || soldOut ? 'text-ember-800' : 'text-sage-700'}`}>{itemState(item)}</span>
            {first ? ` · ${first.quantity} ${first.measurement} ${formatPrice(first.chefPrice, item.currencyCode)}` : ''}
            {item.pricingOptions.length > 1 ? ` · ${item.pricingOptions.length} pricing options` : ''}
          </p>
          <FormErrors errors={mine?.formErrors} />
        </div>
        <div className="flex flex-wrap gap-2">
          <ActionButton
            intent={soldOut ? 'item-available' : 'item-soldout'}
            target={item.id}
            label={soldOut ? 'Mark available' : 'Mark sold out'}
            subject={item.name}
          />
          <ActionButton intent={hidden ? 'item-show' : 'item-hide'} target={item.id} label={hidden ? 'Show' : 'Hide'} subject={item.name} />
          <ActionButton intent="clone-item" target={item.id} label="Clone" subject={item.name} />
          <ConfirmLink to={`${itemPath(item.id)}/delete`} label="Delete…" subject={item.name} />
        </div>
      </div>
    </li>
  );
}

export default function ManageMenusRoute() {
  const { user, menus, items, kitchen, loadError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const unattached = resultFor(result, ['publish', 'resume', 'clone-menu', 'clone-item']);
  const lost = unattached && !menus.some((m) => m.id === unattached.target) && !items.some((i) => i.id === unattached.target);
  return (
    <AccountPage title="Manage menus" user={user}>
      <ChefNav />
      {kitchen ? (
        <p className="-mt-4 mb-6 text-cocoa-700">
          Customers see your published menus on{' '}
          <Link to={`/kitchen/${encodeURIComponent(kitchen.id)}`} className={linkClass}>
            your kitchen page
          </Link>{' '}
          and at{' '}
          <Link to={`/${kitchen.kitchenName}`} className={linkClass}>
            /{kitchen.kitchenName}
          </Link>
          .
        </p>
      ) : null}
      {loadError ? <FormErrors errors={[loadError]} /> : null}
      {lost ? <FormErrors errors={unattached.formErrors} /> : null}
      <div className="space-y-8">
        <Panel
          id="menus"
          title="Menus"
          actions={
            <Link to={`${MANAGE_MENUS}/new`} className={buttonClass.primary}>
              New menu
            </Link>
          }
        >
          <div className="space-y-8">
            {GROUPS.map((group) => {
              const inGroup = menus.filter((m) => m.status === group.status);
              return (
                <section key={group.status} aria-labelledby={`menus-${group.status}`}>
                  <h3 id={`menus-${group.status}`} className="mb-3 font-display text-xl font-semibold text-cocoa-900">
                    {group.title} <span className="text-base font-normal text-cocoa-600">({inGroup.length})</span>
                  </h3>
                  {inGroup.length === 0 ? (
                    <p className="text-sm text-cocoa-700">{group.empty}</p>
                  ) : (
                    <ul className="space-y-4">
                      {inGroup.map((menu) => (
                        <MenuCard key={menu.id} menu={menu} result={result} />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        </Panel>
        <Panel
          id="items"
          title="Items"
          actions={
            <Link to={`${MANAGE_MENUS}/items/new`} className={buttonClass.primary}>
              New item
            </Link>
          }
        >
          {items.length === 0 ? (
            <p className="text-cocoa-700">No items yet. Add your first dish, then put it on a menu.</p>
          ) : (
            <ul className="space-y-3">
              {items.map((item) => (
                <ItemRow key={item.id} item={item} result={result} />
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </AccountPage>
  );
}
