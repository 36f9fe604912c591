import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { API_PREFIX } from '@hearth/shared';
import { SignedTokens } from '../../common/crypto/signed-token.js';
import type { Env } from '../../config/env.js';

/**
 * What an unsubscribe link unsubscribes from: all of Hearth's bulk e-mail (announcements and every chef's
 * news), one chef's news, or one location check.
 */
export type UnsubscribeScope =
  | { kind: 'all' }
  | { kind: 'chef'; publisherId: string }
  | { kind: 'location'; locationSubscriptionId: string };

/** A verified unsubscribe link: whose address, and from what. */
export interface UnsubscribeRequest {
  email: string;
  scope: UnsubscribeScope;
}

/** How long a double opt-in confirmation link works. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 3600;

/**
 * Signed, per-recipient links of bulk and subscription e-mail (issue 16): the unsubscribe page
 * (`/l/unsubscribe?token=`), the RFC 8058 one-click address (`POST …/unsubscribe?token=` with
 * `List-Unsubscribe=One-Click`, through the web origin's API proxy) and the double opt-in confirmation.
 * Only someone holding the e-mail holds its token, so nobody can unsubscribe another address.
 */
@Injectable()
export class MailLinksService {
  private readonly unsubscribeTokens: SignedTokens;
  private readonly confirmTokens: SignedTokens;
  private readonly webOrigin: string;

  constructor(config: ConfigService<Env, true>) {
    const key = config.get('DATA_ENCRYPTION_KEY', { infer: true });
    this.unsubscribeTokens = new SignedTokens(key, 'unsubscribe');
    this.confirmTokens = new SignedTokens(key, 'confirm-subscription');
    this.webOrigin = config.get('WEB_ORIGIN', { infer: true }).replace(/\/$/, '');
  }

  unsubscribeToken(email: string, scope: UnsubscribeScope): string {
    return this.unsubscribeTokens.sign(JSON.stringify({ email: email.toLowerCase(), scope }));
  }

  /** The claims of an unsubscribe token, or null when it is forged, altered or malformed. */
  verifyUnsubscribe(token: string): UnsubscribeRequest | null {
    const claims = this.unsubscribeTokens.verify(token);
    if (!claims) return null;
    try {
      const parsed = JSON.parse(claims.subject) as UnsubscribeRequest;
      return typeof parsed.email === 'string' && parsed.scope ? parsed : null;
    } catch {
      return null;
    }
  }

  /** The page a person opens from the e-mail's footer link. */
  unsubscribePageUrl(email: string, scope: UnsubscribeScope): string {
    return `${this.webOrigin}/l/unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(email, scope))}`;
  }

  /** The RFC 8058 one-click address (the API's `unsubscribe` endpoint, reached through the web origin). */
  oneClickUrl(email: string, scope: UnsubscribeScope): string {
    return `${this.webOrigin}${API_PREFIX}/unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(email, scope))}`;
  }

  /** The List-Unsubscribe headers (RFC 2369, RFC 8058) of a bulk or subscription e-mail. */
  listUnsubscribeHeaders(email: string, scope: UnsubscribeScope): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.oneClickUrl(email, scope)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  /** A double opt-in token for a pending subscription row (`what` names the table, e.g. 'chef' or 'location'). */
  confirmToken(what: 'chef' | 'location', id: string): string {
    return this.confirmTokens.sign(`${what}:${id}`, { expiresInSeconds: CONFIRM_LINK_SECONDS });
  }

  verifyConfirm(token: string): { what: 'chef' | 'location'; id: string } | null {
    const claims = this.confirmTokens.verify(token);
    const match = claims && /^(chef|location):([0-9a-f-]{36})$/.exec(claims.subject);
    return match ? { what: match[1] as 'chef' | 'location', id: match[2] } : null;
  }

  /** The page that confirms a guest's subscription. */
  confirmPageUrl(what: 'chef' | 'location', id: string): string {
    return `${this.webOrigin}/l/subscriptions/confirm?token=${encodeURIComponent(this.confirmToken(what, id))}`;
  }
}
