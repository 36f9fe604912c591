import { Role } from '@hearth/shared';
import { isApiError } from '../api/client.server';
import { MANAGE_MENUS } from './chef-paths';
import type { ChefItem, ChefMenu, ChefSettings } from './chef-types';
import { apiFailure, formRefusal, unknownIntent } from '../forms/form-failure.server';
import { readValues, textOf } from '../forms/form-values';
import { requireRole } from '../session/guards.server';
import { listItems } from './items.server';
import { MENU_LIST_FIELDS, parseMenu, resolveMenuField } from './menu-form';
import { createMenu, updateMenu } from './menus.server';
import { successNotification } from '../ui/notifications';
import { readSettings } from './settings.server';
import { redirectWithToast } from '../ui/toast.server';

/** What the menu form offers besides the menu: the chef's items and pickup places, and their settings. */
export async function menuFormContext(
  request: Request,
): Promise<{ items: ChefItem[]; settings: ChefSettings | null }> {
  const [items, settings] = await Promise.all([
    listItems(request),
    readSettings(request).catch((error: unknown) => {
      // Without settings the form still works: no pickup place to offer, spec defaults.
      if (isApiError(error)) return null;
      throw error;
    }),
  ]);
  return { items: items.filter((i) => i.itemStatus !== 'DELETED'), settings };
}

/** Saves the menu form: a new DRAFT menu (`menuId` null) or changes to one; back to the menus list. */
export async function menuAction(request: Request, menuId: string | null) {
  await requireRole(request, Role.CHEF);
  const values = readValues(await request.formData(), MENU_LIST_FIELDS);
  const intent = textOf(values, 'intent');
  if (intent !== 'save') return unknownIntent();
  delete values.intent;
  const failed = { intent, values };
  const parsed = parseMenu(values, { creating: menuId === null });
  if (!parsed.ok) return formRefusal(failed, parsed.fieldErrors);
  let saved: ChefMenu;
  try {
    saved =
      menuId === null
        ? await createMenu(request, parsed.body)
        : await updateMenu(request, menuId, parsed.body);
  } catch (error) {
    return apiFailure(error, failed, resolveMenuField);
  }
  const said =
    menuId === null
      ? `${saved.name} saved as a draft — publish it when it is ready`
      : saved.status === 'PUBLISHED'
        ? `${saved.name} saved — customers see the changes now`
        : `${saved.name} saved`;
  return redirectWithToast(`${MANAGE_MENUS}#menu-${saved.id}`, successNotification(said));
}
