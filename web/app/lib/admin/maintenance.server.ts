import type { CleanCategory } from '@hearth/shared';
import { apiFetch } from '../api/client.server';
import type { Schemas } from '../api/schemas';

/** The clean's dry run (CleanReportDto): per kind, what would go and the cut-off. */
export type CleanReport = Schemas['CleanReportDto'];
/** A clean job and its progress (CleanRunDto). */
export type CleanRun = Schemas['CleanRunDto'];
/** Applied and pending migrations (MigrationsDto). */
export type Migrations = Schemas['MigrationsDto'];
/** What a migration run applied (MigrationRunDto). */
export type MigrationRun = Schemas['MigrationRunDto'];

/** `GET admin/clean`. */
export async function cleanDryRun(request: Request): Promise<CleanReport> {
  return (await apiFetch<CleanReport>(request, 'admin/clean')).data;
}

/** `POST admin/clean`: queues the clean of the chosen kinds (the API checks the confirmation and the kinds). */
export async function startClean(
  request: Request,
  body: { confirm: boolean; categories: CleanCategory[] },
): Promise<CleanRun> {
  return (await apiFetch<CleanRun>(request, 'admin/clean', { method: 'POST', json: body })).data;
}

/** `GET admin/clean/{id}`. */
export async function cleanRun(request: Request, id: string): Promise<CleanRun> {
  return (await apiFetch<CleanRun>(request, `admin/clean/${encodeURIComponent(id)}`)).data;
}

/** `GET admin/migrateDB`. */
export async function listMigrations(request: Request): Promise<Migrations> {
  return (await apiFetch<Migrations>(request, 'admin/migrateDB')).data;
}

/** `POST admin/migrateDB`. */
export async function runMigrations(request: Request): Promise<MigrationRun> {
  return (await apiFetch<MigrationRun>(request, 'admin/migrateDB', { method: 'POST' })).data;
}
