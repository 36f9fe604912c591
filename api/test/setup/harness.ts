import type { INestApplication } from '@nestjs/common';
import { Role } from '@hearth/shared';
import type { DataSource } from 'typeorm';
import type { RunningIdentityProvider } from '../../src/identity-provider/identity-provider.js';
import type { ConsumerEntity } from '../../src/modules/consumer/consumer.entity.js';
import type { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { createTestApp } from './app.js';
import { openTestDataSource } from './database.js';
import { createConsumer, createPublisher, uniqueSuffix, type PublisherOverrides } from './factories.js';
import { freePort, mintToken, startTestIdentityProvider } from './identity.js';

/** Someone calling the API, with the bearer token that identifies them. */
export interface TestActor {
  consumer: ConsumerEntity;
  token: string;
  /** `{ Authorization: 'Bearer …' }` for supertest's `.set()`. */
  auth: { Authorization: string };
}

export interface Harness {
  app: INestApplication;
  /** For supertest: `request(h.http)`. */
  http: ReturnType<INestApplication['getHttpServer']>;
  db: DataSource;
  idp: RunningIdentityProvider;
  origin: string;
  /** A customer (ROLE_USER). */
  customer(overrides?: Partial<ConsumerEntity>): Promise<TestActor>;
  /** A chef: a consumer owning a kitchen (APPROVED unless overridden). */
  chef(publisher?: PublisherOverrides): Promise<TestActor & { publisher: PublisherEntity }>;
  /** An admin. */
  admin(): Promise<TestActor>;
  /** A bearer token for an existing consumer with the given token roles. */
  tokenFor(consumer: ConsumerEntity, roles: Role[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real API on a real port, with the real local identity provider beside it; actors authenticate with
 * access tokens signed by the provider's own key (what a mobile app or partner would send).
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const idp = await startTestIdentityProvider(origin);
  const app = await createTestApp({ OIDC_ISSUER_URL: idp.issuer, WEB_ORIGIN: origin, ...env });
  await app.listen(port, '127.0.0.1');
  const db = await openTestDataSource();

  const tokenFor = (consumer: ConsumerEntity, roles: Role[]) =>
    mintToken(
      {
        realm_access: { roles },
        email: consumer.userEmail,
        name: consumer.name,
        preferred_username: consumer.userName,
        // Like Keycloak's access tokens: when the user signed in (a minute ago), for step-up checks.
        auth_time: Math.floor(Date.now() / 1000) - 60,
      },
      { issuer: idp.issuer, audience: 'hearth-web', subject: consumer.keycloakId },
    );
  const actor = async (consumer: ConsumerEntity, roles: Role[]): Promise<TestActor> => {
    const token = await tokenFor(consumer, roles);
    return { consumer, token, auth: { Authorization: `Bearer ${token}` } };
  };

  return {
    app,
    http: app.getHttpServer(),
    db,
    idp,
    origin,
    tokenFor,
    async customer(overrides = {}) {
      return actor(await createConsumer(db, overrides), [Role.USER]);
    },
    async chef(publisher = {}) {
      const consumer = await createConsumer(db, { name: `Chef ${uniqueSuffix()}` });
      const kitchen = await createPublisher(db, { consumerId: consumer.id, ...publisher });
      return { ...(await actor(consumer, [Role.USER])), publisher: kitchen };
    },
    async admin() {
      return actor(await createConsumer(db, { roles: [Role.USER, Role.ADMIN] }), [Role.USER, Role.ADMIN]);
    },
    async close() {
      await app.close();
      await idp.close();
      await db.destroy();
    },
  };
}
