import { API_PREFIX, JOB_APPLICATION_STATUS_LABELS, JobApplicationStatus } from '@hearth/shared';
import type { Schemas } from '../api/schemas';

/** A posting in the admin's list, with its applications counted by state. */
export type AdminJob = Schemas['AdminJobDto'];
/** An application as admins see it. */
export type JobApplication = Schemas['JobApplicationDto'];

/** Applications shown per page on a posting's admin page. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** The application states in the order they are reached, with their words. */
export const APPLICATION_STATUSES = Object.values(JobApplicationStatus).map((value) => ({
  value,
  label: JOB_APPLICATION_STATUS_LABELS[value],
}));

export const statusLabel = (status: string): string =>
  JOB_APPLICATION_STATUS_LABELS[status as JobApplicationStatus] ?? status;

/** Where an admin downloads an application's résumé (the API, through the web's proxy, with the session). */
export const resumeUrl = (jobId: string, appId: string): string =>
  `${API_PREFIX}/jobs/${encodeURIComponent(jobId)}/applications/${encodeURIComponent(appId)}/resume`;

/** The public page of a posting. */
export const postingUrl = (title: string): string => `/resources/careers/${encodeURIComponent(title)}`;
