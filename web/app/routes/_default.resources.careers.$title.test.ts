import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let loader: typeof import('./_default.resources.careers.$title').loader;

function load(title: string) {
  const request = new Request(`http://hearth.test/resources/careers/${encodeURIComponent(title)}`);
  return loader({ request, params: { title }, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ loader } = await import('./_default.resources.careers.$title'));
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

  it('answers 404 when the API is unreachable', async () => {
    await api.close();
    expect(await thrownBy(load('Astronaut'))).toEqual({
      status: 404,
      data: 'Page not found: /resources/careers/Astronaut',
    });
  });
});
