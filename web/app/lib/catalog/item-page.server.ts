import { data } from '@remix-run/node';
import { Role } from '@hearth/shared';
import { itemPath as itemPage } from '../chef/chef-paths';
import { apiFailure, formRefusal, unknownIntent } from '../forms/form-failure.server';
import type { ChefItem } from '../chef/chef-types';
import type { FormResult } from '../forms/form-values';
import { readValues, textOf } from '../forms/form-values';
import { requireRole } from '../session/guards.server';
import {
  ITEM_LIST_FIELDS,
  addPricingRow,
  itemResolver,
  parseItem,
  removePricingRow,
} from '../chef/item-form';
import { addItemPictures, createItem, removeItemPicture, updateItem } from '../chef/items.server';
import { readActionForm, runUpload } from '../http/multipart.server';
import { successNotification } from '../ui/notifications';
import { redirectWithToast } from '../ui/toast.server';

/**
 * The action of the item pages: `save` (create when `itemId` is null, else update), the no-JavaScript
 * pricing rows (`add-option`, `remove-option:{row}`), and on a saved item its pictures
 * (`upload-pictures`, `delete-picture`).
 */
export async function itemAction(request: Request, itemId: string | null) {
  await requireRole(request, Role.CHEF);
  const form = await readActionForm(request);
  const intent = String(form.get('intent') ?? '');
  const values = readValues(form, ITEM_LIST_FIELDS);
  delete values.intent;

  if (intent === 'add-option' || intent.startsWith('remove-option:')) {
    const next =
      intent === 'add-option'
        ? addPricingRow(values)
        : removePricingRow(values, Number(intent.split(':')[1]));
    return data<FormResult>({ intent: 'save', target: null, values: next, fieldErrors: {}, formErrors: [] });
  }

  if (intent === 'save') {
    const { body, rowIndex } = parseItem(values, { creating: itemId === null });
    const failed = { intent, values };
    if (!textOf(values, 'name').trim()) return formRefusal(failed, { name: 'Give the item a name.' });
    let saved: ChefItem;
    try {
      saved = itemId === null ? await createItem(request, body) : await updateItem(request, itemId, body);
    } catch (error) {
      return apiFailure(error, failed, itemResolver(values, rowIndex));
    }
    const said =
      itemId === null ? `${saved.name} added — put it on a menu to sell it` : `${saved.name} saved`;
    return redirectWithToast(itemPage(saved.id), successNotification(said));
  }

  if (itemId !== null && intent === 'upload-pictures') {
    let added = 0;
    const failure = await runUpload(form, { intent }, async (files) => {
      added = files.length;
      return addItemPictures(request, itemId, files);
    });
    return (
      failure ??
      redirectWithToast(
        itemPage(itemId),
        successNotification(added === 1 ? 'Picture added' : `${added} pictures added`),
      )
    );
  }

  if (itemId !== null && intent === 'delete-picture') {
    const pictureId = textOf(values, 'target');
    try {
      await removeItemPicture(request, itemId, pictureId);
    } catch (error) {
      return apiFailure(error, { intent, target: pictureId });
    }
    return redirectWithToast(itemPage(itemId), successNotification('Picture removed'));
  }
  return unknownIntent();
}
