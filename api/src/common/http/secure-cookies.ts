import type { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.js';

/** Secure cookies whenever the site is served over HTTPS (always in production). */
export function secureCookies(config: ConfigService<Env, true>): boolean {
  return (
    config.get('NODE_ENV', { infer: true }) === 'production' ||
    config.get('WEB_ORIGIN', { infer: true }).startsWith('https:')
  );
}
