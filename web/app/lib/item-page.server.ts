import { data } from '@remix-run/node';
import { Role } from '@hearth/shared';
import { itemPath as itemPage } from './chef-paths';
import { apiFailure, formRefusal, unknownIntent } from './form-failure.server';
import type { FormResult } from './form-values';
import { readValues, textOf } from './form-values';
import { requireRole } from './guards.server';
import { ITEM_LIST_FIELDS, addPricingRow, itemResolver, parseItem, removePricingRow } from './item-form';
import { addItemPictures, createItem, removeItemPicture, updateItem } from './items.server';
import { readActionForm, runUpload } from './multipart.server';
import { successNotification } from './notifications';
import { redirectWithToast } from './toast.server';


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
    const next = intent === 'add-option' ? addPricingRow(values) : removePricingRow(values, Number(intent.split(':')[1]));
    return data<FormResult>({ intent: 'save', target: null, values: next, fieldErrors: {}, formErrors: [] });
  }

  if (intent === 'save') {
    const { body, rowIndex } = parseItem(values, { creating: itemId === null });
    const failed = { intent, values };
    if (!textOf(values, 'name').trim()) return formRefusal(failed, { name: 'Give the item a name.' });
    let savedId = itemId;
    try {
      if (itemId === null) savedId = (await createItem(request, body)).id;
      else await updateItem(request, itemId, body);
    } catch (error) {
      return apiFailure(error, failed, itemResolver(values, rowIndex));
    }
    return redirectWithToast(itemPage(savedId as string), successNotification());
  }

  if (itemId !== null && intent === 'upload-pictures') {
    const failure = await runUpload(form, { intent }, (files) => addItemPictures(request, itemId, files));
    return failure ?? redirectWithToast(itemPage(itemId), successNotification());
  }

  if (itemId !== null && intent === 'delete-picture') {
    const pictureId = textOf(values, 'target');
    try {
      await removeItemPicture(request, itemId, pictureId);
    } catch (error) {
      return apiFailure(error, { intent, target: pictureId });
    }
    return redirectWithToast(itemPage(itemId), successNotification());
  }
  return unknownIntent();
}
