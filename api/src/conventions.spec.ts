import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The file naming rule of docs/architecture.md ("Names"): kebab-case files; an injectable, processor or
 * controller class lives in `<name>.<role>.ts` and its name ends with that role (`order.service.ts` →
 * `OrderService`); `@Module` classes only in `*.module.ts`.
 */
const SRC = __dirname;
const ROLES: Record<string, string> = {
  service: 'Service',
  repository: 'Repository',
  reader: 'Reader',
  registry: 'Registry',
  listener: 'Listener',
  processor: 'Processor',
  controller: 'Controller',
  guard: 'Guard',
  guards: 'Guard',
  interceptor: 'Interceptor',
  strategy: 'Strategy',
  adapter: 'Adapter',
  cache: 'Cache',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'images' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

describe('source naming rules', () => {
  it('names every file in kebab-case, with dots only before a role', () => {
    const bad = files.filter(
      (f) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/.test(f.path.split('/').at(-1) ?? ''),
    );
    expect(bad.map((f) => f.path)).toEqual([]);
  });

  it('declares @Module classes only in *.module.ts files', () => {
    const bad = files.filter((f) => /^@Module\(/m.test(f.text) && !f.path.endsWith('.module.ts'));
    expect(bad.map((f) => f.path)).toEqual([]);
  });

  it('gives every injectable, processor and controller a role suffix that its file name repeats', () => {
    const bad: string[] = [];
    for (const f of files) {
      for (const m of f.text.matchAll(
        /^@(Injectable|Processor|Controller)\([^]*?^export (?:abstract )?class (\w+)/gm,
      )) {
        const role = f.path.match(/\.([a-z]+)\.ts$/)?.[1];
        const suffix = role ? ROLES[role] : undefined;
        if (!suffix || !m[2].endsWith(suffix)) bad.push(`${f.path}: ${m[2]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
