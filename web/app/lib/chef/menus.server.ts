import { MenuDeleteType } from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import type { ChefMenu } from './chef-types';
import type { MenuImpact } from './menu-impact';

const id = (menuId: string) => encodeURIComponent(menuId);

/** The chef's menus but the deleted ones, at most 100. */
export async function listMenus(request: Request): Promise<ChefMenu[]> {
  const { data } = await apiFetch<ChefMenu[]>(request, 'menu', { query: { page: 0, size: 100 } });
  return Array.isArray(data) ? data : [];
}

export async function getMenu(request: Request, menuId: string): Promise<ChefMenu> {
  return (await apiFetch<ChefMenu>(request, `menu/${id(menuId)}`)).data;
}

export async function createMenu(request: Request, body: Record<string, unknown>): Promise<ChefMenu> {
  return (await apiFetch<ChefMenu>(request, 'menu', { method: 'POST', json: body })).data;
}

export async function updateMenu(
  request: Request,
  menuId: string,
  body: Record<string, unknown>,
): Promise<ChefMenu> {
  return (await apiFetch<ChefMenu>(request, `menu/${id(menuId)}`, { method: 'PUT', json: body })).data;
}

export async function cloneMenu(request: Request, menuId: string): Promise<ChefMenu> {
  return (await apiFetch<ChefMenu>(request, 'menu/clone', { method: 'POST', json: { menuId } })).data;
}

/** The life-cycle actions of `menu/{id}/{action}`. */
export const MENU_STATE_ACTIONS = ['publish', 'pause', 'resume'] as const;
export type MenuStateAction = (typeof MENU_STATE_ACTIONS)[number];

export function isMenuStateAction(value: unknown): value is MenuStateAction {
  return typeof value === 'string' && (MENU_STATE_ACTIONS as readonly string[]).includes(value);
}

export async function changeMenuState(
  request: Request,
  menuId: string,
  action: MenuStateAction,
): Promise<ChefMenu> {
  return (await apiFetch<ChefMenu>(request, `menu/${id(menuId)}/${action}`, { method: 'POST' })).data;
}

/** Deletes the whole menu, or (with `date`) one date of a recurring menu. */
export async function deleteMenu(request: Request, menuId: string, date?: string): Promise<ChefMenu> {
  const query = date ? { deleteType: MenuDeleteType.DATE, date } : { deleteType: MenuDeleteType.ALL };
  return (await apiFetch<ChefMenu>(request, `menu/${id(menuId)}`, { method: 'DELETE', query })).data;
}

/** What pausing or deleting (the menu, or one `date`) would do now; changes nothing (`GET menu/{id}/impact`). */
export async function menuImpact(
  request: Request,
  menuId: string,
  change: { action: 'PAUSE' | 'DELETE'; date?: string },
): Promise<MenuImpact> {
  const query: Record<string, string> = { action: change.action };
  if (change.action === 'DELETE')
    Object.assign(
      query,
      change.date
        ? { deleteType: MenuDeleteType.DATE, date: change.date }
        : { deleteType: MenuDeleteType.ALL },
    );
  return (await apiFetch<MenuImpact>(request, `menu/${id(menuId)}/impact`, { query })).data;
}
