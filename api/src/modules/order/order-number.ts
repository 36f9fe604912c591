import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied (no 0/O, 1/I/L, U/V). */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** `HR-7K2F-9Q4M`: 8 random symbols (29^8 ≈ 5·10^11), unique in the table; a collision is retried. */
export function newOrderNumber(): string {
  const pick = () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `HR-${part()}-${part()}`;
}

export const ORDER_NUMBER_PATTERN =
  /^HR-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}$/;
