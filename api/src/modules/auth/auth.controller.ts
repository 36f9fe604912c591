import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { AuthService } from './auth.service.js';
import { MeDto } from './dto/me.dto.js';
import { OidcCallbackGuard, OidcStartGuard } from './oidc.guards.js';

/** Sign-in as a backend-for-frontend (ADR 002, ADR 006). Browsers reach these through the web origin. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly service: AuthService) {}

  @Public()
  @Get('login')
  @UseGuards(OidcStartGuard)
  @ApiOperation({ summary: 'Sign in at the identity provider, then land on the web origin plus `redirect` (default /)' })
  @ApiQuery({ name: 'redirect', required: false, example: '/l/orders' })
  @ApiFoundResponse()
  login(): void {
    // OidcStartGuard has redirected.
  }

  @Public()
  @Get('register')
  @UseGuards(OidcStartGuard)
  @ApiOperation({ summary: "Open the identity provider's registration page, then land on `redirect`" })
  @ApiQuery({ name: 'redirect', required: false })
  @ApiFoundResponse()
  register(): void {
    // OidcStartGuard has redirected.
  }

  @Public()
  @Get('check-sso')
  @UseGuards(OidcStartGuard)
  @ApiOperation({ summary: 'Silent single-sign-on check (prompt=none); lands on `redirect` signed in or not' })
  @ApiQuery({ name: 'redirect', required: false })
  @ApiFoundResponse()
  checkSso(): void {
    // OidcStartGuard has redirected.
  }

  @Public()
  @Get('callback')
  @UseGuards(OidcCallbackGuard)
  @ApiOperation({ summary: 'Where the identity provider returns the browser (authorization code)' })
  @ApiFoundResponse()
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (res.headersSent) return;
    const location = await this.service.finishLogin(req, res);
    res.redirect(302, location);
  }

  @Public()
  @Post('logout')
  @HttpCode(303)
  @ApiOperation({ summary: 'End the session here and at the identity provider, then back to the site root' })
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.service.logout(req, res));
  }

  @Get('me')
  @ApiOperation({ summary: 'Who is signed in (401 problem when nobody; "Failed to refresh token" when the session just ended)' })
  @ApiOkResponse({ type: MeDto })
  me(@Actor() actor: Principal): Promise<MeDto> {
    return this.service.me(actor);
  }
}
