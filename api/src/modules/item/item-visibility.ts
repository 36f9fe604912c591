/**
 * SQL condition: the item (alias `i`) may be shown to people without its kitchen's secret code. An item that
 * sits only on private menus is hidden; one that is also on a public menu stays (with that menu's dates only,
 * which the callers read from public menus). Items on no menu at all are unaffected. Reads `item.menu_ids`
 * (kept by triggers on menu_item).
 */
export function publicItemSql(i = 'i'): string {
  return `(NOT EXISTS (SELECT 1 FROM menu vm WHERE vm.id = ANY(${i}.menu_ids) AND vm.is_private AND vm.status <> 'DELETED')
       OR EXISTS (SELECT 1 FROM menu vm WHERE vm.id = ANY(${i}.menu_ids) AND NOT vm.is_private AND vm.status <> 'DELETED'))`;
}
