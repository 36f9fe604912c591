import { apiFetch, totalCount } from '../api/client.server';
import type { Job } from '../content/jobs';
import type { AdminJob, JobApplication } from './careers';
import { APPLICATIONS_PAGE_SIZE } from './careers';

const id = (value: string) => encodeURIComponent(value);

/** A posting as an admin writes it. */
export interface JobInput {
  title: string;
  type: string | null;
  location: string | null;
  htmlDescription: string;
}

/** Every posting with its applications counted by state (admins). */
export async function adminJobs(request: Request): Promise<AdminJob[]> {
  const { data } = await apiFetch<AdminJob[]>(request, 'jobs/all');
  return Array.isArray(data) ? data : [];
}

/** One posting by id (admins see archived ones too). */
export async function jobById(request: Request, jobId: string): Promise<Job> {
  return (await apiFetch<Job>(request, `jobs/${id(jobId)}`)).data;
}

export async function createJob(request: Request, body: JobInput): Promise<Job> {
  return (await apiFetch<Job>(request, 'jobs', { method: 'POST', json: body })).data;
}

export async function updateJob(request: Request, jobId: string, body: JobInput): Promise<Job> {
  return (await apiFetch<Job>(request, `jobs/${id(jobId)}`, { method: 'PUT', json: body })).data;
}

/** Archives (`archive`) or reopens (`reopen`) a posting. */
export async function setJobOpen(
  request: Request,
  jobId: string,
  change: 'archive' | 'reopen',
): Promise<Job> {
  return (await apiFetch<Job>(request, `jobs/${id(jobId)}/${change}`, { method: 'POST' })).data;
}

/** A page of a posting's applications, newest first, optionally in one state. */
export async function jobApplications(
  request: Request,
  jobId: string,
  search: { status: string; page: number },
): Promise<{ applications: JobApplication[]; total: number }> {
  const { data, headers } = await apiFetch<JobApplication[]>(request, `jobs/${id(jobId)}/applications`, {
    query: { status: search.status || undefined, page: search.page, size: APPLICATIONS_PAGE_SIZE },
  });
  const applications = Array.isArray(data) ? data : [];
  return { applications, total: totalCount(headers) ?? applications.length };
}

export async function moveApplication(
  request: Request,
  jobId: string,
  appId: string,
  status: string,
): Promise<JobApplication> {
  return (
    await apiFetch<JobApplication>(request, `jobs/${id(jobId)}/applications/${id(appId)}`, {
      method: 'PATCH',
      json: { status },
    })
  ).data;
}

/** The application form as the applicant filled it in, with the résumé. */
export interface ApplicationInput {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  resume: File;
}

/** Sends an application on to the API as multipart/form-data (the résumé in field "resume"). */
export async function applyForJob(
  request: Request,
  jobId: string,
  input: ApplicationInput,
): Promise<{ id: string; jobTitle: string }> {
  const body = new FormData();
  body.append('fullName', input.fullName);
  body.append('email', input.email);
  if (input.phone.trim()) body.append('phone', input.phone);
  if (input.address.trim()) body.append('address', input.address);
  body.append('resume', input.resume, input.resume.name);
  const { data } = await apiFetch<{ id: string; jobTitle: string }>(request, `jobs/${id(jobId)}/apply`, {
    method: 'POST',
    body,
    timeoutMs: 60_000,
  });
  return data;
}
