import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { PublisherStatus, Role } from '@hearth/shared';

/** Who is calling: resolved by the access guard from the session cookie or a bearer token. */
export interface Principal {
  consumerId: string;
  /** Subject id at the identity provider (consumer.keycloakId). */
  subject: string;
  name: string | null;
  email: string | null;
  userName: string | null;
  /** Effective roles: the token's, plus ROLE_CHEF for an approved kitchen owner. */
  roles: Role[];
  /** Id of the caller's approved kitchen, if any. */
  publisherId: string | null;
  /** Review state of the caller's kitchen in any state (PENDING, APPROVED, BLOCKED), or null without one. */
  kitchenStatus: PublisherStatus | null;
  /** IANA zone saved on the account, if any. */
  timeZone: string | null;
  via: 'session' | 'bearer';
  /** When the user last authenticated at the provider (`auth_time`), for step-up checks. */
  authenticatedTime: Date | null;
  /** The sign-in's authentication context (`acr`), e.g. MFA; null when the provider named none. */
  acr: string | null;
  registrationPending: boolean;
  /** The HTTP request it came with (set by the access guard), for the audit trail. */
  request?: { id: string; ip: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** Injects the caller (undefined on public endpoints called anonymously). */
export const Actor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal | undefined => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().principal;
});
