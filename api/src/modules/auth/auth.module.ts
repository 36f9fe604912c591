import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { CartModule } from '../cart/cart.module.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginSessionEntity } from './login-session.entity.js';
import { OidcClientService } from './oidc-client.service.js';
import { OidcCallbackGuard, OidcStartGuard } from './oidc.guards.js';
import { OidcStrategyService } from './oidc-strategy.service.js';
import { SessionService } from './session.service.js';

/** Sign-in, sessions, bearer tokens and the global access guard. */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    TypeOrmModule.forFeature([LoginSessionEntity]),
    ConsumerModule,
    CartModule,
  ],
  controllers: [AuthController],
  providers: [
    OidcClientService,
    OidcStrategyService,
    SessionService,
    AuthService,
    OidcStartGuard,
    OidcCallbackGuard,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionService, OidcClientService],
})
export class AuthModule {}
