import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESUME_BYTES } from '@hearth/shared';
import { startMailStack, until, type MailStack } from '../mail/mail-worker.js';
import type { Harness, TestActor } from '../setup/harness.js';

const API = '/services/publisher/api';
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]);

describe('careers: postings, applications with résumés, and the admin side (jobs)', () => {
  let stack: MailStack;
  let h: Harness;
  let admin: TestActor;
  let customer: TestActor;
  let chef: TestActor;

  beforeAll(async () => {
    stack = await startMailStack();
    h = stack.h;
    [admin, customer, chef] = [await h.admin(), await h.customer(), await h.chef()];
  });
  afterAll(() => stack?.close());

  const auditRows = async (targetId: string) =>
    (await h.db.query(
      `SELECT action, actor_consumer_id, before, after, request_id FROM audit_log WHERE target_id = $1 ORDER BY created_at`,
      [targetId],
    )) as Array<{
      action: string;
      actor_consumer_id: string;
      before: unknown;
      after: unknown;
      request_id: string;
    }>;

  const createJob = async (title = `Pastry Chef ${randomUUID()}`) =>
    (
      await request(h.http)
        .post(`${API}/jobs`)
        .set(admin.auth)
        .send({
          title,
          type: 'Full-time',
          location: 'Brooklyn, NY',
          htmlDescription: '<p>Laminate dough.</p>',
        })
        .expect(201)
    ).body as { id: string; title: string; status: string };

  const apply = (
    jobId: string,
    file: Buffer | null,
    name = 'cv.pdf',
    email = `applicant-${randomUUID()}@example.test`,
  ) => {
    const req = request(h.http)
      .post(`${API}/jobs/${jobId}/apply`)
      .field('fullName', 'Ada Lovelace')
      .field('email', email)
      .field('phone', '+1 212 555 0100')
      .field('address', '12 Main St, Brooklyn, NY');
    return file ? req.attach('resume', file, name) : req;
  };

  const applicationsOf = async (jobId: string) =>
    (await h.db.query(`SELECT id, status, resume_path FROM job_application WHERE job_id = $1`, [
      jobId,
    ])) as Array<{
      id: string;
      status: string;
      resume_path: string | null;
    }>;

  it('refuses every admin endpoint to anonymous callers (401) and to customers and chefs (403)', async () => {
    const job = await createJob();
    const app = (await apply(job.id, PDF).expect(201)).body as { id: string };
    const calls = [
      () => request(h.http).get(`${API}/jobs/all`),
      () => request(h.http).post(`${API}/jobs`).send({ title: 'X', htmlDescription: '<p>x</p>' }),
      () => request(h.http).put(`${API}/jobs/${job.id}`).send({ title: 'X', htmlDescription: '<p>x</p>' }),
      () => request(h.http).post(`${API}/jobs/${job.id}/archive`),
      () => request(h.http).post(`${API}/jobs/${job.id}/reopen`),
      () => request(h.http).get(`${API}/jobs/${job.id}/applications`),
      () =>
        request(h.http).patch(`${API}/jobs/${job.id}/applications/${app.id}`).send({ status: 'IN_REVIEW' }),
      () => request(h.http).get(`${API}/jobs/${job.id}/applications/${app.id}/resume`),
    ];
    for (const call of calls) {
      await call().expect(401);
      await call().set(customer.auth).expect(403);
      await call().set(chef.auth).expect(403);
    }
    expect((await applicationsOf(job.id))[0].status).toBe('RECEIVED');
    expect(await auditRows(job.id)).toHaveLength(1); // only its creation
  });

  it('lets an admin create (description sanitised), edit, archive and reopen a posting, one audit row each', async () => {
    const title = `Line Cook ${randomUUID()}`;
    const created = await request(h.http)
      .post(`${API}/jobs`)
      .set(admin.auth)
      .send({
        title,
        type: 'Part-time',
        location: '',
        htmlDescription:
          '<p onclick="x()">Cook <strong>well</strong>.</p><script>alert(1)</script><img src=x onerror=y>',
      })
      .expect(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      title,
      type: 'Part-time',
      location: null,
      htmlDescription: '<p>Cook <strong>well</strong>.</p>',
      status: 'ACTIVE',
    });
    // The same title in another case is taken.
    const taken = await request(h.http)
      .post(`${API}/jobs`)
      .set(admin.auth)
      .send({ title: title.toUpperCase(), htmlDescription: '<p>x</p>' })
      .expect(409);
    expect(taken.body.fieldErrors[0].field).toBe('title');

    await request(h.http)
      .put(`${API}/jobs/${id}`)
      .set(admin.auth)
      .send({
        title: `${title} II`,
        type: 'Full-time',
        location: 'Remote',
        htmlDescription: '<p>Cook more.</p>',
      })
      .expect(200);
    await request(h.http).post(`${API}/jobs/${id}/archive`).set(admin.auth).expect(200);
    // Archived: gone from the public list and the public reads, still there for admins.
    expect(
      ((await request(h.http).get(`${API}/jobs`).expect(200)).body as Array<{ id: string }>).map((j) => j.id),
    ).not.toContain(id);
    await request(h.http).get(`${API}/jobs/${id}`).expect(404);
    await request(h.http).get(`${API}/jobs/${id}`).set(customer.auth).expect(404);
    await request(h.http)
      .get(`${API}/jobs/title/${encodeURIComponent(`${title} II`)}`)
      .expect(404);
    expect((await request(h.http).get(`${API}/jobs/${id}`).set(admin.auth).expect(200)).body.status).toBe(
      'ARCHIVED',
    );
    const again = await request(h.http).post(`${API}/jobs/${id}/archive`).set(admin.auth).expect(409);
    expect(again.body.detail).toContain('already archived');
    await request(h.http).post(`${API}/jobs/${id}/reopen`).set(admin.auth).expect(200);
    expect((await request(h.http).get(`${API}/jobs/${id}`).expect(200)).body.title).toBe(`${title} II`);

    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['job.create', 'job.update', 'job.archive', 'job.reopen']);
    for (const r of rows) {
      expect(r.actor_consumer_id).toBe(admin.consumer.id);
      expect(r.request_id).toBeTruthy();
    }
    expect(rows[1].before).toMatchObject({ title });
    expect(rows[1].after).toMatchObject({ title: `${title} II`, location: 'Remote' });
    expect(rows[2].after).toMatchObject({ status: 'ARCHIVED' });
  });

  it('stores an application with its résumé privately and e-mails the applicant an acknowledgement', async () => {
    const job = await createJob();
    const email = `ada-${randomUUID()}@example.test`;
    const res = await apply(job.id, PDF, 'cv.pdf', email).expect(201);
    expect(res.body).toMatchObject({ jobTitle: job.title });
    const [row] = await applicationsOf(job.id);
    expect(row).toMatchObject({ id: res.body.id, status: 'RECEIVED' });
    expect(row.resume_path).toMatch(new RegExp(`^private/careers/${job.id}/[0-9a-f-]{36}\\.pdf$`));
    // Not a public file.
    await request(h.http).get(`${API}/files/${row.resume_path}`).expect(404);

    const mail = await until('the acknowledgement', () =>
      stack.smtp.received.find((m) => m.to.includes(email)),
    );
    expect(mail.subject).toBe(`We received your application for ${job.title}`);
    expect(mail.raw).toContain('Ada Lovelace');
  });

  it('accepts a DOCX résumé and refuses renamed programs, other files, a missing file and an oversized one', async () => {
    const job = await createJob();
    const docx = await apply(job.id, fixture('cv.docx'), 'cv.docx').expect(201);
    expect((await applicationsOf(job.id)).find((a) => a.id === docx.body.id)?.resume_path).toMatch(/\.docx$/);

    for (const [bytes, name] of [
      [ELF, 'cv.pdf'],
      [MZ, 'cv.pdf'],
      [MZ, 'cv.docx'],
      [fixture('not-word.zip'), 'cv.docx'],
      [Buffer.from('just some text'), 'cv.doc'],
    ] as const) {
      const refused = await apply(job.id, bytes, name).expect(415);
      expect(refused.body.fieldErrors).toEqual([
        { field: 'resume', message: 'The résumé must be a PDF or Word document (.pdf, .doc or .docx).' },
      ]);
    }
    const tooBig = Buffer.concat([PDF, Buffer.alloc(MAX_RESUME_BYTES + 1 - PDF.length)]);
    const big = await apply(job.id, tooBig, 'cv.pdf').expect(413);
    expect(big.body.detail).toBe('The file is larger than 5 MB.');
    const none = await apply(job.id, null).expect(400);
    expect(none.body.fieldErrors[0].field).toBe('resume');
    const badEmail = await request(h.http)
      .post(`${API}/jobs/${job.id}/apply`)
      .field('fullName', 'Ada')
      .field('email', 'not-an-address')
      .attach('resume', PDF, 'cv.pdf')
      .expect(400);
    expect(badEmail.body.fieldErrors[0].field).toBe('email');

    expect(await applicationsOf(job.id)).toHaveLength(1);
  });

  it('refuses applications to an archived posting with a clear problem, storing nothing', async () => {
    const job = await createJob();
    await request(h.http).post(`${API}/jobs/${job.id}/archive`).set(admin.auth).expect(200);
    const res = await apply(job.id, PDF).expect(409);
    expect(res.body.detail).toBe(
      `The position "${job.title}" is no longer open, so it takes no applications. See our other open roles.`,
    );
    expect(await applicationsOf(job.id)).toHaveLength(0);
    await apply(randomUUID(), PDF).expect(404);
  });

  it('moves applications through their states, refuses other moves, e-mails on interview, rejected and hired, one audit row per move', async () => {
    const job = await createJob();
    const emailA = `grace-${randomUUID()}@example.test`;
    const emailB = `alan-${randomUUID()}@example.test`;
    const a = (await apply(job.id, PDF, 'cv.pdf', emailA).expect(201)).body.id as string;
    const b = (await apply(job.id, PDF, 'cv.pdf', emailB).expect(201)).body.id as string;
    const move = (id: string, status: string) =>
      request(h.http).patch(`${API}/jobs/${job.id}/applications/${id}`).set(admin.auth).send({ status });

    const skipped = await move(a, 'HIRED').expect(409);
    expect(skipped.body.detail).toBe(
      'An application that is Received cannot move to Hired. From Received it can move to In review or Interview or Rejected.',
    );
    await move(a, 'BOGUS').expect(400);
    expect((await move(a, 'IN_REVIEW').expect(200)).body).toMatchObject({
      status: 'IN_REVIEW',
      nextStatuses: ['INTERVIEW', 'REJECTED'],
    });
    await move(a, 'INTERVIEW').expect(200);
    await move(a, 'HIRED').expect(200);
    const final = await move(a, 'REJECTED').expect(409);
    expect(final.body.detail).toContain('Hired is final.');
    await move(b, 'REJECTED').expect(200);

    // Filtered list with totals.
    const hired = await request(h.http)
      .get(`${API}/jobs/${job.id}/applications`)
      .query({ status: 'HIRED' })
      .set(admin.auth)
      .expect(200);
    expect(hired.headers['x-total-count']).toBe('1');
    expect(hired.body.map((x: { id: string }) => x.id)).toEqual([a]);
    const counted = (
      (await request(h.http).get(`${API}/jobs/all`).set(admin.auth).expect(200)).body as Array<{
        id: string;
        applications: Record<string, number>;
        totalApplications: number;
      }>
    ).find((j) => j.id === job.id);
    expect(counted).toMatchObject({
      totalApplications: 2,
      applications: { HIRED: 1, REJECTED: 1, RECEIVED: 0 },
    });

    const rowsA = await auditRows(a);
    expect(
      rowsA.map((r) => [
        r.action,
        (r.before as { status: string }).status,
        (r.after as { status: string }).status,
      ]),
    ).toEqual([
      ['job-application.status', 'RECEIVED', 'IN_REVIEW'],
      ['job-application.status', 'IN_REVIEW', 'INTERVIEW'],
      ['job-application.status', 'INTERVIEW', 'HIRED'],
    ]);
    expect(await auditRows(b)).toHaveLength(1);

    const subjectsTo = (email: string) =>
      stack.smtp.received.filter((m) => m.to.includes(email)).map((m) => m.subject);
    await until('the mails to A', () => (subjectsTo(emailA).length >= 3 ? true : undefined));
    await until('the mails to B', () => (subjectsTo(emailB).length >= 2 ? true : undefined));
    expect(subjectsTo(emailA).sort()).toEqual(
      [
        `We received your application for ${job.title}`,
        `Your application for ${job.title}: we would like to meet you`,
        `Welcome to Hearth: ${job.title}`,
      ].sort(),
    );
    expect(subjectsTo(emailB).sort()).toEqual(
      [`We received your application for ${job.title}`, `Your application for ${job.title}`].sort(),
    );
    // No e-mail for "in review": every mail row about A is one of the three above.
    const rows = (await h.db.query(`SELECT subject FROM email_outbox WHERE related_id = $1`, [
      a,
    ])) as unknown[];
    expect(rows).toHaveLength(3);
  });

  it('gives the résumé to admins only, as a sandboxed download, and audits each read', async () => {
    const job = await createJob();
    const id = (await apply(job.id, PDF).expect(201)).body.id as string;
    const url = `${API}/jobs/${job.id}/applications/${id}/resume`;
    await request(h.http).get(url).expect(401);
    await request(h.http).get(url).set(customer.auth).expect(403);
    await request(h.http).get(url).set(chef.auth).expect(403);
    expect(await auditRows(id)).toHaveLength(0);

    const res = await request(h.http)
      .get(url)
      .set(admin.auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="resume-Ada-Lovelace.pdf"');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['job-application.resume.read']);
    expect(rows[0].actor_consumer_id).toBe(admin.consumer.id);
    // An application of another posting is not found under this one.
    const other = await createJob();
    await request(h.http)
      .get(`${API}/jobs/${other.id}/applications/${id}/resume`)
      .set(admin.auth)
      .expect(404);
  });
});
