import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a verified token says. */
export interface TokenClaims {
  /** What the token is about, e.g. an e-mail address and a scope. */
  subject: string;
  /** Unix seconds after which the token is refused; absent: never. */
  expiresAt?: number;
}

/**
 * Tokens for links in e-mails (unsubscribe, confirm a subscription): `base64url(json) "." base64url(mac)`,
 * HMAC-SHA256 under a key derived (HKDF) from the data key for one purpose, so a token made for one
 * purpose never verifies for another and no new secret has to be managed. Not encrypted: the subject is
 * readable by whoever holds the link, which is the addressee.
 */
export class SignedTokens {
  private readonly key: Buffer;

  constructor(
    dataKeyBase64: string,
    private readonly purpose: string,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', Buffer.from(dataKeyBase64, 'base64'), Buffer.alloc(0), `hearth:${purpose}`, 32),
    );
  }

  sign(subject: string, options: { expiresInSeconds?: number; now?: Date } = {}): string {
    const claims: { s: string; p: string; e?: number } = { s: subject, p: this.purpose };
    if (options.expiresInSeconds !== undefined) {
      const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
      claims.e = now + options.expiresInSeconds;
    }
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a token made by {@link sign} for this purpose, or null (forged, altered, expired, malformed). */
  verify(token: string, now: Date = new Date()): TokenClaims | null {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: { s?: unknown; p?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (claims.p !== this.purpose || typeof claims.s !== 'string') return null;
    if (claims.e !== undefined) {
      if (typeof claims.e !== 'number' || claims.e < Math.floor(now.getTime() / 1000)) return null;
      return { subject: claims.s, expiresAt: claims.e };
    }
    return { subject: claims.s };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
