import { Controller, Get, Header, HttpStatus } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeController } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ProblemType, Role } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { demoAllowed } from '../../config/production-guard.js';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { ProblemException, forbidden, notFound } from '../../common/problem/problem.exception.js';

let published: OpenAPIObject | undefined;

/**
 * Whether anyone may read the API documentation (and Swagger UI is served): outside production, and in a
 * local demo of the production build (HEARTH_DEMO with HEARTH_DEMO_IN_PRODUCTION, as `npm start`).
 */
export function apiDocsArePublic(env: Record<string, unknown> = process.env): boolean {
  return env.NODE_ENV !== 'production' || demoAllowed(env, []);
}

/** Hands the app's OpenAPI document to `docs/openapi.json` (app.setup.ts, once the routes are known). */
export function publishApiDocument(document: OpenAPIObject): void {
  published = document;
}

/**
 * The OpenAPI document (security review S-18): anyone may read it outside production (and in a local demo);
 * in production only admins (a session or a bearer token with ROLE_ADMIN), and Swagger UI is not served.
 */
@ApiExcludeController()
@Controller('docs')
export class ApiDocsController {
  constructor(private readonly config: ConfigService<Env, true>) {}

  @Public()
  @Get('openapi.json')
  @Header('Cache-Control', 'no-store')
  openApi(@Actor() actor: Principal | undefined): OpenAPIObject {
    const env = {
      NODE_ENV: this.config.get('NODE_ENV', { infer: true }),
      HEARTH_DEMO: this.config.get('HEARTH_DEMO', { infer: true }),
      HEARTH_DEMO_IN_PRODUCTION: this.config.get('HEARTH_DEMO_IN_PRODUCTION', { infer: true }),
    };
    if (!apiDocsArePublic(env)) {
      if (!actor)
        throw new ProblemException(HttpStatus.UNAUTHORIZED, {
          type: ProblemType.UNAUTHORIZED,
          detail: 'Sign in as an admin to read the API documentation.',
          message: 'error.http.401',
        });
      if (!actor.roles.includes(Role.ADMIN)) throw forbidden('This needs an admin.', { roles: [Role.ADMIN] });
    }
    if (!published) throw notFound('The API documentation is not available.');
    return published;
  }
}
