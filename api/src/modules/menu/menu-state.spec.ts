import { describe, expect, it } from 'vitest';
import { MenuStatus, MenuAction } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import { allowedMenuActions, nextMenuStatus } from './menu-state.js';

const ALL_ACTIONS = Object.values(MenuAction);

/** Every (state, action) pair and where it leads; anything not listed must be refused. */
const EXPECTED: Record<MenuStatus, Partial<Record<MenuAction, MenuStatus>>> = {
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

describe('menu state machine', () => {
  for (const status of Object.values(MenuStatus)) {
    for (const action of ALL_ACTIONS) {
      const to = EXPECTED[status][action];
      if (to) {
        it(`${status} --${action}--> ${to}`, () => {
          expect(nextMenuStatus(status, action)).toBe(to);
        });
      } else {
        it(`${status} refuses ${action} with a 409 naming ${status}`, () => {
          const error = (() => {
            try {
              nextMenuStatus(status, action);
            } catch (e) {
              return e;
            }
            return undefined;
          })();
          expect(error).toBeInstanceOf(ProblemException);
          const problem = error as ProblemException;
          expect(problem.getStatus()).toBe(409);
          expect(problem.problem.detail).toContain(`a ${status} menu`);
          expect(problem.problem.params).toEqual({ status, action });
        });
      }
    }
  }

  it('lists the allowed actions of a state', () => {
    expect(allowedMenuActions('DRAFT').sort()).toEqual([
      'delete',
      'edit',
      'items',
      'publish',
      'uploadReceipts',
    ]);
    expect(allowedMenuActions('DELETED')).toEqual([]);
  });
});
