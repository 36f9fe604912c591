import { describe, expect, it } from 'vitest';
import { kitchenNameProblem } from './kitchen-name.js';

describe('kitchenNameProblem', () => {
  it.each(['abc', 'priyas-kitchen', 'Kitchen2', 'a'.repeat(40), 'kitchens', 'my-l'])('accepts %s', (name) => {
    expect(kitchenNameProblem(name)).toBeNull();
  });

  it.each([
    ['ab', 'between 3 and 40'],
    ['a'.repeat(41), 'between 3 and 40'],
    ['priya kitchen', 'only letters, digits and hyphens'],
    ['-priya', 'start and end with a letter or digit'],
    ['priya-', 'start and end with a letter or digit'],
    ['priya_kitchen', 'only letters'],
    ['Kitchen', 'reserved'],
    ['SERVICES', 'reserved'],
    ['files', 'reserved'],
    ['highlight-client-worker', 'cannot be used as a page address'],
    ['Image-Bitmap-Data-Url-Worker', 'cannot be used as a page address'],
  ])('refuses %s', (name, reason) => {
    expect(kitchenNameProblem(name)).toContain(reason);
  });
});
