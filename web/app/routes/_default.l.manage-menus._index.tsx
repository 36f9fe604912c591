import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ItemStatus, MenuStatus, Role, type ItemAction } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormErrors, Panel } from '~/components/form-layout';
import { buttonClass, linkClass } from '~/components/ui';
import { apiFetch, isApiError } from '~/lib/api/client.server';
import { formatPrice } from '~/lib/format/chef-format';
import type { ChefItem, ChefMenu } from '~/lib/chef/chef-types';
import { apiFailure, unknownIntent } from '~/lib/forms/form-failure.server';
import type { FormResult } from '~/lib/forms/form-values';
import { readValues, resultFor, textOf } from '~/lib/forms/form-values';
import { requireRole } from '~/lib/session/guards.server';
import { actOnItem, cloneItem, isItemAction, listItems } from '~/lib/chef/items.server';
import { MANAGE_MENUS, itemPath } from '~/lib/chef/chef-paths';
import { changeMenuState, cloneMenu, listMenus } from '~/lib/chef/menus.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { redirectWithToast } from '~/lib/ui/toast.server';
import type { Schemas } from '~/lib/api/schemas';
import { ConfirmLink, ActionButton, MenuCard } from '~/components/chef/menu-card';

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
        return done(
          `${MANAGE_MENUS}#menu-${target}`,
          `${menu.name} published — customers can order from it now`,
        );
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

const GROUPS: readonly { status: MenuStatus; title: string; empty: string }[] = [
  {
    status: MenuStatus.PUBLISHED,
    title: 'Published',
    empty: 'No published menus: customers see nothing of yours yet.',
  },
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
    <li
      id={`item-${item.id}`}
      className="rounded-2xl border border-cocoa-700/10 p-4"
      aria-labelledby={`item-${item.id}-name`}
    >
      <div className="flex flex-wrap items-start gap-4">
        {picture ? (
          <img
            src={picture.sizes.find((s) => s.width === 400)?.url ?? picture.url}
            alt=""
            className="h-16 w-16 rounded-xl object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-xl bg-cream-200 text-2xl"
          >
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
            <span className={`font-semibold ${hidden || soldOut ? 'text-ember-800' : 'text-sage-700'}`}>
              {itemState(item)}
            </span>
            {first
              ? ` · ${first.quantity} ${first.measurement} ${formatPrice(first.chefPrice, item.currencyCode)}`
              : ''}
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
          <ActionButton
            intent={hidden ? 'item-show' : 'item-hide'}
            target={item.id}
            label={hidden ? 'Show' : 'Hide'}
            subject={item.name}
          />
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
  const lost =
    unattached &&
    !menus.some((m) => m.id === unattached.target) &&
    !items.some((i) => i.id === unattached.target);
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
                  <h3
                    id={`menus-${group.status}`}
                    className="mb-3 font-display text-xl font-semibold text-cocoa-900"
                  >
                    {group.title}{' '}
                    <span className="text-base font-normal text-cocoa-600">({inGroup.length})</span>
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
