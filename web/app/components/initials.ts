// Apart from chef-card.tsx so that the header's account menu does not pull the card into every page.

/** Up to two initials of the brand name, for chefs without a logo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0] ?? ''];
  return (
    letters
      .map((w) => [...w][0] ?? '')
      .join('')
      .toUpperCase() || 'H'
  );
}
