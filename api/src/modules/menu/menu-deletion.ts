import type { EntityManager } from 'typeorm';
import { MenuDeleteType, MenuType, MenuAction } from '@hearth/shared';
import { badField, conflict, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { MenuDatesService } from './menu-dates.service.js';
import { MenuDateEntity } from './menu-date.entity.js';
import type { MenuEntity } from './menu.entity.js';
import { nextMenuStatus } from './menu-state.js';

/** What to delete: the whole menu, or one date of a recurring menu. */
export interface DeletionScope {
  deleteType?: MenuDeleteType;
  date?: string;
}

/** The state check of the menu table as a value: the 409 `nextMenuStatus` would throw, or null. */
export function stateRefusal(menu: Pick<MenuEntity, 'status'>, action: MenuAction): ProblemException | null {
  try {
    nextMenuStatus(menu.status, action);
    return null;
  } catch (error) {
    if (error instanceof ProblemException) return error;
    throw error;
  }
}

/**
 * Why deleting (ADR 008) would be refused right now, as the problem `DELETE menu/{id}` answers; null when it
 * may go ahead. One function for the delete itself and for its preview (`menu/{id}/impact`), so that the
 * preview never promises what the delete then refuses.
 */
export async function deletionRefusal(
  m: EntityManager,
  dates: MenuDatesService,
  menu: MenuEntity,
  scope: DeletionScope,
  today: string,
): Promise<ProblemException | null> {
  if ((scope.deleteType ?? MenuDeleteType.ALL) === MenuDeleteType.ALL) {
    const state = stateRefusal(menu, MenuAction.DELETE);
    if (state) return state;
    const ordered = await dates.datesWithOrders(m, menu.id, await dates.liveDates(m, menu.id, today));
    if (ordered.length === 0) return null;
    return conflict(
      `The menu has orders for ${ordered.join(', ')}: pause it so customers stop ordering, and delete it once those orders are served.`,
      'error.menu.hasOrders',
      { dates: ordered },
    );
  }
  const state = stateRefusal(menu, MenuAction.DELETE_DATE);
  if (state) return state;
  const date = scope.date as string;
  if (menu.menuType !== MenuType.RECURRING) {
    return badField(
      'deleteType',
      'A one-time menu has a single date: delete the whole menu (deleteType=ALL).',
    );
  }
  const row = await m.findOne(MenuDateEntity, { where: { menuId: menu.id, date, isDeleted: false } });
  if (!row) return notFound(`${date} is not a date of this menu.`, { date });
  if (date < today)
    return conflict(`${date} has passed; only upcoming dates can be deleted.`, 'error.menu.datePassed', {
      date,
    });
  if ((await dates.datesWithOrders(m, menu.id, [date])).length > 0) {
    return conflict(
      `${date} has orders: it cannot be taken off the menu until they are cancelled.`,
      'error.menu.dateHasOrders',
      { date },
    );
  }
  return null;
}
