import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { LoggerModule } from 'nestjs-pino';
import { TIME_ZONE_HEADER } from '@hearth/shared';
import { validateEnv, type Env } from './config/env.js';
import { buildDataSourceOptions } from './database/data-source.js';
import { DatabaseMigrationsModule } from './database/database-migrations.module.js';
import { loggedRequestId } from './common/http/request-id.js';
import { serializeRequest, serializeResponse } from './common/http/log-redaction.js';
import { timeZoneOf } from './common/http/time-zone.js';
import { RedisModule } from './redis/redis.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { QueueModule } from './queue/queue.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { PublisherModule } from './modules/publisher/publisher.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ConsumerModule } from './modules/consumer/consumer.module.js';
import { GeoModule } from './modules/geo/geo.module.js';
import { FavouriteModule } from './modules/favourite/favourite.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { CartModule } from './modules/cart/cart.module.js';
import { ItemModule } from './modules/item/item.module.js';
import { MenuModule } from './modules/menu/menu.module.js';
import { KitchenModule } from './modules/kitchen/kitchen.module.js';
import { RatingModule } from './modules/rating/rating.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { OrderModule } from './modules/order/order.module.js';
import { FulfilmentModule } from './modules/fulfilment/fulfilment.module.js';
import { PaymentModule } from './modules/payment/payment.module.js';
import { PaymentCheckoutModule } from './modules/payment/checkout/payment-checkout.module.js';
import { SettlementModule } from './modules/payment/settlement/settlement.module.js';
import { PaymentAccountsModule } from './modules/payment/accounts/payment-accounts.module.js';
import { SubscriptionModule } from './modules/subscription/subscription.module.js';
import { FeedbackModule } from './modules/feedback/feedback.module.js';
import { ClientLogModule } from './modules/admin/client-log.module.js';

/**
 * Infrastructure shared by the HTTP app and the worker: config, logs, database, Redis, queues. A function,
 * so the environment is read (and validated) when the app is built, not when this file is imported.
 */
export const coreImports = () => [
  ConfigModule.forRoot({ isGlobal: true, cache: true, validate: validateEnv, ignoreEnvFile: true }),
  LoggerModule.forRootAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService<Env, true>) => ({
      // With logging off, no request logger at all: it would still bind a child logger to every request
      // (AsyncLocalStorage) only to write nothing (~0.3 ms of CPU per request on the benchmark machine).
      ...(config.get('LOG_LEVEL', { infer: true }) === 'silent' ? { forRoutes: [] } : {}),
      pinoHttp: {
        level: config.get('LOG_LEVEL', { infer: true }),
        genReqId: loggedRequestId,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        // No OIDC code/state and no precise coordinates in logs (common/http/log-redaction.ts).
        serializers: { req: serializeRequest, res: serializeResponse },
        autoLogging: { ignore: (req) => req.url?.endsWith('/health') ?? false },
        customProps: (req) => ({ timeZone: timeZoneOf(req.headers[TIME_ZONE_HEADER.toLowerCase()]) }),
      },
    }),
  }),
  TypeOrmModule.forRootAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService<Env, true>) => ({
      ...dataSourceOptions(
        config.get('DATABASE_URL', { infer: true }),
        config.get('DB_STATEMENT_TIMEOUT_MS', { infer: true }),
      ),
      // Boot even when PostgreSQL is briefly away; health then reports DOWN until it answers.
      retryAttempts: 3,
      retryDelay: 1000,
    }),
  }),
  RedisModule,
  QueueModule,
];

/**
 * The app's connections: a PostgreSQL connection pays once for loading PostGIS and preparing each search
 * statement (tens of ms); pg's default closes idle connections after 10 s, throwing that away between
 * bursts of traffic, so they are kept 5 minutes.
 */
function dataSourceOptions(databaseUrl: string, statementTimeoutMs: number): DataSourceOptions {
  const options = buildDataSourceOptions(databaseUrl, { statementTimeoutMs });
  return { ...options, extra: { ...options.extra, idleTimeoutMillis: 5 * 60_000 } } as DataSourceOptions;
}

// Order matters where paths overlap: SearchModule's fixed `order/recent-ordered-gallery` must be registered
// before OrderModule's `order/:orderNumber` (as PaymentCheckoutModule's `order/payment-methods`), and ConsumerModule's fixed paths before parameterised ones.
const FEATURE_MODULES = [
  AuthModule,
  ConsumerModule,
  GeoModule,
  FavouriteModule,
  SearchModule,
  StorageModule,
  HealthModule,
  PublisherModule,
  ContactModule,
  JobsModule,
  CartModule,
  PaymentCheckoutModule,
  FulfilmentModule, // its fixed `order/prep-sheet` and `order/optimize-routes` paths before OrderModule's `order/:order`
  OrderModule,
  PaymentModule,
  SettlementModule,
  SettingsModule,
  PaymentAccountsModule,
  AdminModule,
  RatingModule,
  ItemModule,
  MenuModule,
  KitchenModule,
  SubscriptionModule,
  FeedbackModule,
  ClientLogModule,
  DatabaseMigrationsModule,
];

@Module({})
export class AppModule {
  /** The HTTP application: infrastructure plus every feature module. */
  static register(): DynamicModule {
    // RateLimitModule last: its guard runs after the access guard (RateLimitGuard).
    return { module: AppModule, imports: [...coreImports(), ...FEATURE_MODULES, RateLimitModule] };
  }
}
