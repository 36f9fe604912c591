// The local payment gateway sandbox (`node api/dist/gateway-sandbox/main.js`): Stripe, PayPal and
// Cashfree stand-ins for development and tests, run when no real gateway keys are set. A plain Fastify
// server, not part of the Nest app. No money moves. See docs/payments.md.
import { exitOnBootFailure } from '../config/boot.js';
import { startGatewaySandbox } from './gateway-sandbox.js';
import { loadSandboxConfig } from './sandbox-config.js';

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const sandbox = await startGatewaySandbox(config);
  process.stdout.write(
    `gateway sandbox (test gateway, no money moves): listening on ${sandbox.url}, public URL ${sandbox.publicUrl}\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`gateway sandbox: ${signal} received, shutting down\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: Error) => {
        process.stderr.write(`gateway sandbox: shutdown failed: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch(exitOnBootFailure);
