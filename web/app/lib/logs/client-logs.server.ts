import { apiFetch, totalCount } from '../api/client.server';

/** One group of client errors as the API's `admin/logs` answers it. */
export interface ClientLogGroup {
  level: string;
  message: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  sampleStack: string | null;
  samplePath: string | null;
  browsers: string[];
  releases: string[];
}

/** Admins: client errors of the last `days` days grouped by message, most recently seen first. */
export async function clientLogGroups(
  request: Request,
  days: number,
  page: number,
  size: number,
): Promise<{ items: ClientLogGroup[]; total: number }> {
  const { data, headers } = await apiFetch<ClientLogGroup[]>(request, 'admin/logs', {
    query: { days, page, size },
  });
  const items = Array.isArray(data) ? data : [];
  return { items, total: totalCount(headers) ?? items.length };
}
