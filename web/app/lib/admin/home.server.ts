import { apiFetch } from '../api/client.server';
import type { AdminNumbers } from './home';

/** The platform's numbers for the admin home over the last `days` days (`GET admin`). */
export async function adminNumbers(request: Request, days: number): Promise<AdminNumbers> {
  const { data } = await apiFetch<AdminNumbers>(request, 'admin', { query: { days } });
  return data;
}
