// No Docker engine runs where CI does, so this at least proves docker-compose.yml parses, that what it
// refers to (Dockerfile, realm import, entry points) exists, that it publishes ports on 127.0.0.1 only, and
// that the shipped Keycloak realm has no users, no literal client secret and its password/brute-force policy.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { fail, log, ROOT } from './lib.mjs';

export function checkCompose() {
  const doc = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  const problems = [];
  const services = doc.services ?? {};
  for (const required of ['postgres', 'redis', 'keycloak', 'mailpit', 'api', 'worker', 'web']) {
    if (!services[required]) problems.push(`service "${required}" is missing`);
  }
  for (const [name, svc] of Object.entries(services)) {
    if (!svc.image && !svc.build) problems.push(`service "${name}" has neither image nor build`);
    if (
      svc.build &&
      !existsSync(
        join(ROOT, typeof svc.build === 'string' ? svc.build : (svc.build.context ?? '.'), 'Dockerfile'),
      )
    ) {
      problems.push(`service "${name}" builds without a Dockerfile`);
    }
    for (const v of svc.volumes ?? []) {
      const host = String(v).split(':')[0];
      if (host.startsWith('./') && !existsSync(join(ROOT, host)))
        problems.push(`service "${name}" mounts missing ${host}`);
    }
    for (const port of svc.ports ?? []) {
      if (!String(port).startsWith('127.0.0.1:'))
        problems.push(`service "${name}" publishes ${port} beyond 127.0.0.1`);
    }
    for (const dep of Object.keys(svc.depends_on ?? {})) {
      if (!services[dep]) problems.push(`service "${name}" depends on unknown "${dep}"`);
    }
    const cmd = Array.isArray(svc.command) ? svc.command.join(' ') : String(svc.command ?? '');
    for (const entry of cmd.match(/(api|web)\/[\w/.-]+\.js/g) ?? []) {
      const source = entry.replace('api/dist/', 'api/src/').replace(/\.js$/, '.ts');
      if (!existsSync(join(ROOT, entry)) && !existsSync(join(ROOT, source)))
        problems.push(`service "${name}" runs missing ${entry}`);
    }
  }
  const realm = JSON.parse(readFileSync(join(ROOT, 'deploy/keycloak/hearth-realm.json'), 'utf8'));
  if (realm.users?.length)
    problems.push(
      'deploy/keycloak/hearth-realm.json ships users (demo users belong in deploy/keycloak/demo)',
    );
  if (!realm.passwordPolicy || realm.bruteForceProtected !== true)
    problems.push('deploy/keycloak/hearth-realm.json lacks passwordPolicy or bruteForceProtected');
  for (const client of realm.clients ?? []) {
    if (client.secret && !/^\$\{[A-Z_]+\}$/.test(client.secret))
      problems.push(`deploy/keycloak/hearth-realm.json has a literal secret for client ${client.clientId}`);
  }
  if (problems.length) fail(`docker-compose.yml: ${problems.join('; ')}.`);
  log(`docker-compose.yml parses (${Object.keys(services).length} services)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) checkCompose();
