// The local mail catcher (`node api/dist/mail-catcher/main.js`): an SMTP server that keeps every e-mail in
// memory and a web inbox to read them, for development and end-to-end tests. `npm start` runs it when
// SMTP_URL is not set. Not for production: it accepts mail from anyone who can reach its port.
import { exitOnBootFailure } from '../config/boot.js';
import { startMailCatcher } from './mail-catcher.js';

async function main(): Promise<void> {
  const catcher = await startMailCatcher({
    smtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025),
    httpPort: Number(process.env.MAIL_CATCHER_HTTP_PORT || 8025),
    host: process.env.MAIL_CATCHER_HOST || '127.0.0.1',
  });
  process.stdout.write(`mail catcher: SMTP ${catcher.smtpUrl}, inbox ${catcher.httpUrl}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    catcher.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch(exitOnBootFailure);
