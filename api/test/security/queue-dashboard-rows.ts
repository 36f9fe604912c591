import type { Cells, Row } from './access-table.js';

/*
 * The queue dashboard's routes (bull-board at admin/queues, src/modules/admin/queue-dashboard.ts): admins
 * only, as every admin route. Reads name a real queue; anything that would change a queue names one that
 * does not exist (the admin's cell is then bull-board's 404, after the guard let them through), and job
 * routes a job that does not exist, so the matrix never empties, cleans or pauses a queue of the app.
 */

const ADMIN: Cells = {
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  chefA: 403,
  chefB: 403,
  admin: 'ok',
};
const ADMIN_NOT_FOUND: Cells = { ...ADMIN, admin: 404 };
const BASE = 'admin/queues';
const at = (path: string, body?: unknown) => () => ({ path: `${BASE}/${path}`, ...(body ? { body } : {}) });
const read = (path: string): Row => ({ expect: ADMIN, req: at(path) });
/** On a queue that does not exist. */
const change = (path: string, body?: unknown): Row => ({
  expect: ADMIN_NOT_FOUND,
  req: at(path.replace('{queueName}', 'no-such-queue'), body),
});
/** On a job that does not exist, in a real queue. */
const job = (path: string, body?: unknown): Row => ({
  expect: ADMIN_NOT_FOUND,
  req: at(path.replace('{queueName}', 'mail').replace('{jobId}', 'no-such-job'), body),
});

export const QUEUE_DASHBOARD_ROWS: Record<string, Row> = {
  [`GET ${BASE}`]: read(''),
  [`GET ${BASE}/job-schedulers`]: read('job-schedulers'),
  [`GET ${BASE}/metrics-history`]: read('metrics-history'),
  [`GET ${BASE}/queue/{queueName}`]: read('queue/mail'),
  [`GET ${BASE}/queue/{queueName}/{jobId}`]: read('queue/mail/1'),
  [`GET ${BASE}/static/{path}`]: read('static/favicon.ico'),
  [`GET ${BASE}/api/queues`]: read('api/queues'),
  [`GET ${BASE}/api/job-schedulers`]: read('api/job-schedulers'),
  [`GET ${BASE}/api/redis/stats`]: read('api/redis/stats'),
  [`GET ${BASE}/api/queues/{queueName}/metrics`]: read('api/queues/mail/metrics'),
  [`GET ${BASE}/api/queues/{queueName}/default-job-options`]: read('api/queues/mail/default-job-options'),
  [`GET ${BASE}/api/queues/{queueName}/workers`]: read('api/queues/mail/workers'),
  [`GET ${BASE}/api/queues/{queueName}/rate-limit`]: read('api/queues/mail/rate-limit'),
  [`GET ${BASE}/api/queues/{queueName}/job-data-schema`]: read('api/queues/mail/job-data-schema'),
  // Every queue at once: pause, then (sorted after it) resume.
  [`PUT ${BASE}/api/queues/pause`]: read('api/queues/pause'),
  [`PUT ${BASE}/api/queues/resume`]: read('api/queues/resume'),
  [`POST ${BASE}/api/queues/{queueName}/add`]: change('api/queues/{queueName}/add', { name: 'x', data: {} }),
  [`PUT ${BASE}/api/queues/{queueName}/clean/{queueStatus}`]: change('api/queues/{queueName}/clean/failed'),
  [`PUT ${BASE}/api/queues/{queueName}/concurrency`]: change('api/queues/{queueName}/concurrency', {
    concurrency: 1,
  }),
  [`PUT ${BASE}/api/queues/{queueName}/empty`]: change('api/queues/{queueName}/empty'),
  [`PATCH ${BASE}/api/queues/{queueName}/job-schedulers/{schedulerId}`]: change(
    'api/queues/{queueName}/job-schedulers/x',
    { every: 1000 },
  ),
  [`PUT ${BASE}/api/queues/{queueName}/job-schedulers/{schedulerId}/remove`]: change(
    'api/queues/{queueName}/job-schedulers/x/remove',
  ),
  [`PUT ${BASE}/api/queues/{queueName}/job-schedulers/{schedulerId}/run`]: change(
    'api/queues/{queueName}/job-schedulers/x/run',
  ),
  [`PUT ${BASE}/api/queues/{queueName}/obliterate`]: change('api/queues/{queueName}/obliterate', {}),
  [`PUT ${BASE}/api/queues/{queueName}/pause`]: change('api/queues/{queueName}/pause'),
  [`PUT ${BASE}/api/queues/{queueName}/promote`]: change('api/queues/{queueName}/promote'),
  [`PUT ${BASE}/api/queues/{queueName}/rate-limit`]: change('api/queues/{queueName}/rate-limit', {}),
  [`PUT ${BASE}/api/queues/{queueName}/rate-limit/release`]: change(
    'api/queues/{queueName}/rate-limit/release',
  ),
  [`PUT ${BASE}/api/queues/{queueName}/resume`]: change('api/queues/{queueName}/resume'),
  [`PUT ${BASE}/api/queues/{queueName}/retry/{queueStatus}`]: change('api/queues/{queueName}/retry/failed'),
  [`GET ${BASE}/api/queues/{queueName}/{jobId}`]: job('api/queues/{queueName}/{jobId}'),
  [`PUT ${BASE}/api/queues/{queueName}/{jobId}/clean`]: job('api/queues/{queueName}/{jobId}/clean'),
  // Bodies bull-board refuses (400) before it looks for the job.
  [`PATCH ${BASE}/api/queues/{queueName}/{jobId}/delay`]: {
    ...job('api/queues/{queueName}/{jobId}/delay', { delay: 1000 }),
    expect: { ...ADMIN, admin: 400 },
  },
  [`GET ${BASE}/api/queues/{queueName}/{jobId}/flow`]: job('api/queues/{queueName}/{jobId}/flow'),
  // A job without logs has none: an empty list.
  [`GET ${BASE}/api/queues/{queueName}/{jobId}/logs`]: {
    ...job('api/queues/{queueName}/{jobId}/logs'),
    expect: ADMIN,
  },
  [`PATCH ${BASE}/api/queues/{queueName}/{jobId}/priority`]: job('api/queues/{queueName}/{jobId}/priority', {
    priority: 1,
  }),
  [`PUT ${BASE}/api/queues/{queueName}/{jobId}/promote`]: job('api/queues/{queueName}/{jobId}/promote'),
  [`PUT ${BASE}/api/queues/{queueName}/{jobId}/remove-unprocessed-children`]: job(
    'api/queues/{queueName}/{jobId}/remove-unprocessed-children',
  ),
  [`PUT ${BASE}/api/queues/{queueName}/{jobId}/retry`]: job('api/queues/{queueName}/{jobId}/retry'),
  [`PATCH ${BASE}/api/queues/{queueName}/{jobId}/update-data`]: {
    ...job('api/queues/{queueName}/{jobId}/update-data', { data: {} }),
    expect: { ...ADMIN, admin: 400 },
  },
};
