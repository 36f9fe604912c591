import { apiFetch } from '../api/client.server';
import type { Dashboard } from './dashboard';

/** The signed-in chef's dashboard (`GET publisher/dashboard`). */
export async function kitchenDashboard(request: Request, weeks: number): Promise<Dashboard> {
  const { data } = await apiFetch<Dashboard>(request, 'publisher/dashboard', { query: { weeks } });
  return data;
}

/** The platform's dashboard for an admin (`GET admin/dashboard`). */
export async function platformDashboard(request: Request, weeks: number): Promise<Dashboard> {
  const { data } = await apiFetch<Dashboard>(request, 'admin/dashboard', { query: { weeks } });
  return data;
}
