import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageRequest } from '~/test/auth-fixtures';
import { dataOf, multipartBody, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.resources.careers.$title').loader;
let action: typeof import('./_default.resources.careers.$title').action;

const API = '/services/publisher/api';
const JOB_ID = '7a1c2d4e-5555-4a4a-9b9b-000000000101';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const posting = {
  id: JOB_ID,
  title: 'Line Cook Trainer',
  type: 'Part-time',
  location: 'Remote',
  htmlDescription: '<p>Teach.</p>',
  status: 'ACTIVE',
};
type Result = { fieldErrors: Record<string, string>; formErrors: string[]; values: Record<string, string> };

/** Posts the application form (multipart, as a browser does, signed out) to the action. */
async function apply(fields: Record<string, string>, file: { filename: string; bytes: Buffer } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append('resume', new File([new Uint8Array(file.bytes)], file.filename, { type: 'application/pdf' }));
  const encoded = new Request('http://hearth.test/', { method: 'POST', body: form });
  const request = pageRequest('/resources/careers/Line%20Cook%20Trainer', undefined, {
    method: 'POST',
    body: await encoded.arrayBuffer(),
    headers: { 'Content-Type': encoded.headers.get('Content-Type') ?? '' },
  });
  return action({ request, params: { title: 'Line Cook Trainer' }, context: {} });
}

function load(title: string) {
  const request = new Request(`http://hearth.test/resources/careers/${encodeURIComponent(title)}`);
  return loader({ request, params: { title }, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader, action } = await import('./_default.resources.careers.$title'));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('/resources/careers/{title}', () => {
  it('shows the posting with only safe formatting left in its description', async () => {
    api.on('/services/publisher/api/jobs/title/Line%20Cook%20Trainer', (_req, res) =>
      json(res, 200, {
        id: 3,
        title: 'Line Cook Trainer',
        type: 'Part-time',
        location: 'Remote',
        htmlDescription:
          '<p>Teach <strong>knife skills</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        status: 'ACTIVE',
      }),
    );
    const result = await load('Line Cook Trainer');
    expect(result.job).toMatchObject({ title: 'Line Cook Trainer', type: 'Part-time', location: 'Remote' });
    expect(result.job.descriptionHtml).toBe('<p>Teach <strong>knife skills</strong>.</p>');
  });

  it('answers 404 when the API has no such posting', async () => {
    expect(await thrownBy(load('Astronaut'))).toEqual({
      status: 404,
      data: 'Page not found: /resources/careers/Astronaut',
    });
  });

  describe('the application form', () => {
    beforeEach(() => {
      api.on(`${API}/jobs/title/Line%20Cook%20Trainer`, (_req, res) => json(res, 200, posting));
    });
    const typed = { fullName: 'Ada Lovelace', email: 'ada@example.test', phone: '', address: '12 Main St' };

    it('forwards the details and the résumé to jobs/{id}/apply and thanks the applicant', async () => {
      let received: FormData | undefined;
      api.on(`${API}/jobs/${JOB_ID}/apply`, async (req, res) => {
        received = await multipartBody(req);
        json(res, 201, { id: 'a1', jobTitle: posting.title, receivedAt: '2030-01-01T00:00:00Z' });
      });
      const response = (await apply(typed, { filename: 'cv.pdf', bytes: PDF })) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe('/resources/careers/Line%20Cook%20Trainer?applied=1');
      expect(received?.get('fullName')).toBe('Ada Lovelace');
      expect(received?.get('email')).toBe('ada@example.test');
      expect(received?.has('phone')).toBe(false);
      expect(received?.get('address')).toBe('12 Main St');
      const file = received?.get('resume') as File;
      expect(file.name).toBe('cv.pdf');
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it('asks for a résumé before calling the API, keeping what was typed', async () => {
      const result = dataOf<Result>(await apply(typed, null));
      expect(result.status).toBe(400);
      expect(result.data.fieldErrors.resume).toBe('Choose your résumé (PDF, DOC or DOCX).');
      expect(result.data.values).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.test' });
      expect(api.requests.some((r) => r.url.includes('/apply'))).toBe(false);
    });

    it("puts the API's refusal of the file beside the résumé input, and a closed posting's above the form", async () => {
      api.on(`${API}/jobs/${JOB_ID}/apply`, (_req, res) =>
        sendProblem(res, 415, 'The résumé must be a PDF or Word document (.pdf, .doc or .docx).', [
          { field: 'resume', message: 'The résumé must be a PDF or Word document (.pdf, .doc or .docx).' },
        ]),
      );
      const refused = dataOf<Result>(await apply(typed, { filename: 'cv.pdf', bytes: Buffer.from('MZ') }));
      expect(refused.status).toBe(415);
      expect(refused.data.fieldErrors.resume).toBe(
        'The résumé must be a PDF or Word document (.pdf, .doc or .docx).',
      );
      expect(refused.data.values.fullName).toBe('Ada Lovelace');

      api.on(`${API}/jobs/${JOB_ID}/apply`, (_req, res) =>
        sendProblem(
          res,
          409,
          'The position "Line Cook Trainer" is no longer open, so it takes no applications.',
        ),
      );
      const closed = dataOf<Result>(await apply(typed, { filename: 'cv.pdf', bytes: PDF }));
      expect(closed.status).toBe(409);
      expect(closed.data.formErrors).toEqual([
        'The position "Line Cook Trainer" is no longer open, so it takes no applications.',
      ]);
    });
  });

  it('answers 404 when the API is unreachable', async () => {
    await api.close();
    expect(await thrownBy(load('Astronaut'))).toEqual({
      status: 404,
      data: 'Page not found: /resources/careers/Astronaut',
    });
  });
});
