// The local OpenID Connect identity provider (`node api/dist/identity-provider/main.js`), run when no
// external issuer is configured. A plain Node server around oidc-provider, not part of the Nest app.
import { Redis } from 'ioredis';
import { exitOnBootFailure } from '../config/boot.js';
import { redisKeyPrefix } from '../redis/redis.module.js';
import { loadIdpConfig } from './idp-config.js';
import { LoginRateLimiter, RedisFailureStore } from './login-rate-limiter.js';

async function main(): Promise<void> {
  const config = loadIdpConfig();
  // Loaded after the settings are checked: oidc-provider prints its own warnings when imported.
  const { startIdentityProvider } = await import('./identity-provider.js');
  // Failed sign-ins are counted in Redis (REDIS_URL, as the API), so every provider process shares them.
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: 1,
    connectionName: 'hearth-idp',
    keyPrefix: redisKeyPrefix(config.databaseUrl),
  });
  redis.on('error', (err: Error) => process.stderr.write(`identity provider: Redis: ${err.message}\n`));
  const idp = await startIdentityProvider(config, {
    limiter: new LoginRateLimiter(new RedisFailureStore(redis)),
  });
  process.stdout.write(`identity provider: issuer ${idp.issuer}, listening on ${idp.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`identity provider: ${signal} received, shutting down\n`);
    idp.close().then(
      () => {
        redis.disconnect();
        process.exit(0);
      },
      (err: Error) => {
        process.stderr.write(`identity provider: shutdown failed: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch(exitOnBootFailure);
