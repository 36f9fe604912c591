import { MESSAGES } from '@hearth/shared';

/** Why a bearer token could not even be read; the messages are spec §5/§8's. */
export class TokenDecodeError extends Error {}

/**
 * Reads a JWT's payload without trusting it, failing with the spec's messages when the payload part is
 * missing, not Base64URL, or not JSON. Signature, issuer, audience and expiry are checked afterwards.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new TokenDecodeError(MESSAGES.tokenPayloadMissing);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part) || part.length % 4 === 1)
    throw new TokenDecodeError(MESSAGES.tokenNotBase64Url);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenDecodeError(MESSAGES.tokenNotJson);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new TokenDecodeError(MESSAGES.tokenNotJson);
  return json as Record<string, unknown>;
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
