import { describe, expect, it } from 'vitest';
import { publicReviewerName } from './reviewer-name.js';

describe('publicReviewerName (security review S-20)', () => {
  it('shows the first name and the initial of the last', () => {
    expect(publicReviewerName('Priya Raman')).toBe('Priya R.');
    expect(publicReviewerName('  Mary  Ann  de souza ')).toBe('Mary S.');
    expect(publicReviewerName('Casey')).toBe('Casey');
  });

  it('never publishes an e-mail address, and nothing for no name', () => {
    expect(publicReviewerName('casey@example.com')).toBeNull();
    expect(publicReviewerName('Casey casey@example.com')).toBeNull();
    expect(publicReviewerName('')).toBeNull();
    expect(publicReviewerName(null)).toBeNull();
  });
});
