import { Test } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Role } from '@hearth/shared';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { configureApp, createHttpAdapter } from '../../src/app.setup.js';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import type { ConsumerEntity } from '../../src/modules/consumer/consumer.entity.js';
import type { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { UNLIMITED } from '../setup/app.js';
import { openTestDataSource } from '../setup/database.js';
import { createConsumer, createPublisher, uniqueSuffix } from '../setup/factories.js';
import { freePort, mintToken, startTestIdentityProvider } from '../setup/identity.js';

/*
 * The security suites boot the real API like the harness does (test/setup/harness.ts), and also record every
 * route Fastify registers (an onRoute hook installed before Nest, Swagger or any plugin adds one), so the
 * suites are generated from what the running API actually serves.
 */

export const API = '/services/publisher/api';

/** One route as served: method and path relative to the API prefix, parameters as `{name}` (`*` → `{path}`). */
export interface ServedRoute {
  method: string;
  path: string;
}

export interface Caller {
  name: string;
  consumer: ConsumerEntity;
  publisher?: PublisherEntity;
  auth: { Authorization: string };
}

export interface SecurityApp {
  app: NestFastifyApplication;
  db: DataSource;
  idp: RunningIdentityProvider;
  routes: ServedRoute[];
  customer(name: string): Promise<Caller>;
  chef(name: string): Promise<Caller & { publisher: PublisherEntity }>;
  admin(name: string): Promise<Caller>;
  close(): Promise<void>;
}

/** `/services/publisher/api/item/:id/pictures/:pictureId` → `item/{id}/pictures/{pictureId}`. */
export function routeKey(url: string): string {
  return url
    .replace(/^\/services\/publisher\/api\/?/, '')
    .replace(/\/$/, '')
    .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    .replace(/\*$/, '{path}');
}

export async function bootSecurityApp(env: Record<string, string> = {}): Promise<SecurityApp> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const idp = await startTestIdentityProvider(origin);
  const saved = { ...process.env };
  const routes: ServedRoute[] = [];
  let app: NestFastifyApplication;
  Object.assign(
    process.env,
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      STORAGE_DIR: process.env.STORAGE_DIR ?? 'var/test-storage',
      OIDC_ISSUER_URL: idp.issuer,
      WEB_ORIGIN: origin,
      // Every cell comes from 127.0.0.1 within a minute; the limits have their own test (test/app/rate-limit.spec.ts).
      ...UNLIMITED,
    },
    env,
  );
  try {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register()] }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), { bufferLogs: true });
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          if (!route.url.startsWith(API)) continue;
          routes.push({ method, path: routeKey(route.url) });
        }
      });
    await configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } finally {
    process.env = saved;
  }
  const db = await openTestDataSource();

  const authFor = async (consumer: ConsumerEntity, roles: Role[]) => ({
    Authorization: `Bearer ${await mintToken(
      {
        realm_access: { roles },
        email: consumer.userEmail,
        name: consumer.name,
        preferred_username: consumer.userName,
      },
      { issuer: idp.issuer, audience: 'hearth-web', subject: consumer.keycloakId, expiresIn: '30m' },
    )}`,
  });

  // Unique, sorted: Fastify may report a route twice (e.g. with and without a trailing slash).
  const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()].sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );

  return {
    app,
    db,
    idp,
    routes: unique,
    async customer(name) {
      const consumer = await createConsumer(db, { name });
      return { name, consumer, auth: await authFor(consumer, [Role.USER]) };
    },
    async chef(name) {
      const consumer = await createConsumer(db, { name: `${name} ${uniqueSuffix()}` });
      const publisher = await createPublisher(db, {
        consumerId: consumer.id,
        timeZoneId: 'America/New_York',
        currencyCode: 'USD',
        at: { lat: 40.7168, lng: -74.0335 },
      });
      return { name, consumer, publisher, auth: await authFor(consumer, [Role.USER]) };
    },
    async admin(name) {
      const consumer = await createConsumer(db, { name, roles: [Role.USER, Role.ADMIN] });
      return { name, consumer, auth: await authFor(consumer, [Role.USER, Role.ADMIN]) };
    },
    async close() {
      await app.close();
      await idp.close();
      await db.destroy();
    },
  };
}
