import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { AuthService } from './auth.service.js';
import { MeDto } from './dto/me.dto.js';
import { SessionDto } from './dto/session.dto.js';
import { OidcCallbackGuard, OidcStartGuard } from './oidc.guards.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

/** Sign-in as a backend-for-frontend (ADR 002, ADR 006). Browsers reach these through the web origin. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @Get('login')
  @RateLimit('auth')
  @UseGuards(OidcStartGuard)
  @ApiOperation({
    summary: 'Sign in at the identity provider, then land on the web origin plus `redirect` (default /)',
  })
  @ApiQuery({ name: 'redirect', required: false, example: '/l/orders' })
  @ApiQuery({
    name: 'reauth',
    required: false,
    enum: ['1'],
    description: 'Sign in again even when signed in (step-up: prompt=login, max_age=0)',
  })
  @ApiFoundResponse()
  login(@Res() _res: FastifyReply): void {
    // OidcStartGuard has sent the redirect (taking the reply, Nest sends nothing more).
  }

  @Public()
  @Get('register')
  @RateLimit('auth')
  @UseGuards(OidcStartGuard)
  @ApiOperation({ summary: "Open the identity provider's registration page, then land on `redirect`" })
  @ApiQuery({ name: 'redirect', required: false })
  @ApiFoundResponse()
  register(@Res() _res: FastifyReply): void {
    // OidcStartGuard has sent the redirect (taking the reply, Nest sends nothing more).
  }

  @Public()
  @Get('check-sso')
  @RateLimit('auth')
  @UseGuards(OidcStartGuard)
  @ApiOperation({
    summary: 'Silent single-sign-on check (prompt=none); lands on `redirect` signed in or not',
  })
  @ApiQuery({ name: 'redirect', required: false })
  @ApiFoundResponse()
  checkSso(@Res() _res: FastifyReply): void {
    // OidcStartGuard has sent the redirect (taking the reply, Nest sends nothing more).
  }

  @Public()
  @Get('callback')
  @RateLimit('auth')
  @UseGuards(OidcCallbackGuard)
  @ApiOperation({ summary: 'Where the identity provider returns the browser (authorization code)' })
  @ApiFoundResponse()
  async callback(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    if (res.sent) return;
    const location = await this.service.finishLogin(req, res);
    return res.redirect(location, 302);
  }

  @Public()
  @Post('logout')
  @HttpCode(303)
  @ApiOperation({ summary: 'End the session here and at the identity provider, then back to the site root' })
  async logout(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return res.redirect(await this.service.logout(req, res), 303);
  }

  @Get('me')
  @ApiOperation({
    summary:
      'Who is signed in (401 problem when nobody; "Failed to refresh token" when the session just ended)',
  })
  @ApiOkResponse({ type: MeDto })
  me(@Actor() actor: Principal): Promise<MeDto> {
    return this.service.me(actor);
  }

  @Get('sessions')
  @ApiOperation({
    summary: 'My signed-in browsers: when each signed in and was last seen, its browser, which one is this',
  })
  @ApiOkResponse({ type: [SessionDto] })
  sessions(@Actor() actor: Principal, @Req() req: FastifyRequest): Promise<SessionDto[]> {
    return this.service.listSessions(actor, req);
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out one of my browsers (404 when it is not one of mine)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Session X was not found.' })
  endSession(
    @Actor() actor: Principal,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<void> {
    return this.service.endSession(actor, id);
  }
}
