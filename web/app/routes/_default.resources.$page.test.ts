import { describe, expect, it } from 'vitest';
import { RESOURCE_PAGES } from '~/content/resources';
import { thrownBy } from '~/test/thrown';
import { loader } from './_default.resources.$page';

const SPEC_PAGES = [
  'info',
  'about',
  'legal',
  'press',
  'mobile',
  'trainings',
  'contact-us',
  'howItWorks',
  'ourMission',
  'careers',
  'privacy-policy',
  'terms-of-service',
  'cancellation-policy',
];

function load(page: string) {
  return loader({
    request: new Request(`http://hearth.test/resources/${page}`),
    params: { page },
    context: {},
  });
}

describe('/resources/{page}', () => {
  it('has every informational page of spec §2', () => {
    expect(RESOURCE_PAGES.map((p) => p.slug).sort()).toEqual([...SPEC_PAGES].sort());
  });

  it('serves a known page', async () => {
    expect(await load('howItWorks')).toEqual({ slug: 'howItWorks' });
  });

  it('answers 404 for an unknown page, including a wrongly cased one', async () => {
    expect(await thrownBy(load('nope'))).toEqual({ status: 404, data: 'Page not found: /resources/nope' });
    expect(await thrownBy(load('howitworks'))).toEqual({
      status: 404,
      data: 'Page not found: /resources/howitworks',
    });
  });
});
