// The local OpenID Connect identity provider (`node api/dist/identity-provider/main.js`), run when no
// external issuer is configured. A plain Node server around oidc-provider, not part of the Nest app.
import { exitOnBootFailure } from '../config/boot.js';
import { loadIdpConfig } from './idp-config.js';

async function main(): Promise<void> {
  const config = loadIdpConfig();
  // Loaded after the settings are checked: oidc-provider prints its own warnings when imported.
  const { startIdentityProvider } = await import('./identity-provider.js');
  const idp = await startIdentityProvider(config);
  process.stdout.write(`identity provider: issuer ${idp.issuer}, listening on ${idp.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`identity provider: ${signal} received, shutting down\n`);
    idp.close().then(
      () => process.exit(0),
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
