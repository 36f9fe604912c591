/**
 * How a reviewer is shown on public reviews (security review S-20): the first name and the initial of the
 * last ("Priya R."), a single name as it is, and nothing at all for a missing name or one that is an
 * e-mail address (never published).
 */
export function publicReviewerName(name: string | null | undefined): string | null {
  const clean = name?.trim();
  if (!clean || clean.includes('@')) return null;
  const words = clean.split(/\s+/);
  if (words.length === 1) return words[0];
  return `${words[0]} ${words[words.length - 1].charAt(0).toUpperCase()}.`;
}
