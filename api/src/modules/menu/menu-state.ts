import { MenuStatus, MenuAction } from '@hearth/shared';
import { conflict } from '../../common/problem/problem.exception.js';

/**
 * The menu life cycle in one table: for each state, the actions allowed and the state they lead to.
 * Anything missing is refused with a 409 naming the current state.
 *
 * | from \ action | edit, items, receipts | publish   | pause | resume    | delete  | deleteDate |
 * |---------------|-----------------------|-----------|-------|-----------|---------|------------|
 * | DRAFT         | DRAFT                 | PUBLISHED | –     | –         | DELETED | –          |
 * | PUBLISHED     | PUBLISHED (re-dated)  | –         | PAUSE | –         | DELETED | PUBLISHED  |
 * | PAUSE         | PAUSE                 | –         | –     | PUBLISHED | DELETED | PAUSE      |
 * | DELETED       | –                     | –         | –     | –         | –       | –          |
 *
 * Editing a PUBLISHED menu is allowed: its dates are expanded again at once and it must still pass the
 * publish checks. A PAUSE menu is edited freely; its dates are expanded again when it resumes.
 */
export const MENU_TRANSITIONS: Readonly<Record<MenuStatus, Partial<Record<MenuAction, MenuStatus>>>> = {
  DRAFT: { edit: 'DRAFT', items: 'DRAFT', uploadReceipts: 'DRAFT', publish: 'PUBLISHED', delete: 'DELETED' },
  PUBLISHED: {
    edit: 'PUBLISHED',
    items: 'PUBLISHED',
    uploadReceipts: 'PUBLISHED',
    pause: 'PAUSE',
    delete: 'DELETED',
    deleteDate: 'PUBLISHED',
  },
  PAUSE: {
    edit: 'PAUSE',
    items: 'PAUSE',
    uploadReceipts: 'PAUSE',
    resume: 'PUBLISHED',
    delete: 'DELETED',
    deleteDate: 'PAUSE',
  },
  DELETED: {},
};

/** Why an action is refused in a state, said so that the chef knows what to do instead. */
const HINTS: Partial<Record<MenuStatus, Partial<Record<MenuAction, string>>>> = {
  DRAFT: {
    pause: 'Only a published menu can be paused; publish it first.',
    resume: 'Only a paused menu can be resumed; publish it instead.',
    deleteDate: 'A draft menu has no dates yet; change its dates or delete the whole menu.',
  },
  PUBLISHED: {
    publish: 'It is already published.',
    resume: 'It is not paused.',
  },
  PAUSE: {
    publish: 'Resume it instead.',
    pause: 'It is already paused.',
  },
  DELETED: {},
};

const VERBS: Record<MenuAction, string> = {
  edit: 'edit',
  items: 'change the items of',
  publish: 'publish',
  pause: 'pause',
  resume: 'resume',
  delete: 'delete',
  deleteDate: 'delete a date of',
  uploadReceipts: 'upload receipts to',
};

/** The state `action` leads to from `status`; a 409 problem naming the current state when it is not allowed. */
export function nextMenuStatus(status: MenuStatus, action: MenuAction): MenuStatus {
  const next = MENU_TRANSITIONS[status]?.[action];
  if (next) return next;
  const hint =
    status === MenuStatus.DELETED
      ? 'A deleted menu cannot change; clone it to start again.'
      : (HINTS[status]?.[action] ?? '');
  throw conflict(`Cannot ${VERBS[action]} a ${status} menu. ${hint}`.trim(), 'error.menu.state', {
    status,
    action,
  });
}

/** Actions allowed in a state (for clients that show buttons). */
export function allowedMenuActions(status: MenuStatus): MenuAction[] {
  return Object.keys(MENU_TRANSITIONS[status] ?? {}) as MenuAction[];
}
