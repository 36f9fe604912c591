/** Where the chef's pages live. */
export const MANAGE_MENUS = '/l/manage-menus';

export const itemPath = (itemId: string) => `${MANAGE_MENUS}/items/${encodeURIComponent(itemId)}`;
export const menuEditPath = (menuId: string) => `${MANAGE_MENUS}/${encodeURIComponent(menuId)}/edit`;
/** The menu's receipts and history. */
export const menuRecordsPath = (menuId: string) => `${MANAGE_MENUS}/${encodeURIComponent(menuId)}/records`;
