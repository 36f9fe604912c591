/**
 * The server's route matching with Hearth's patch of @remix-run/router (patches/@remix-run__router@1.23.3.patch:
 * ranked branches cached per routes array, compiled paths cached, branches skipped by their literal prefix).
 * The same answers as the router's own rules, on a tree shaped like the app's: a root, pathless layouts,
 * index routes, params, an escaped segment, a splat, and a case-sensitive route.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

// The CommonJS build, the one Node's server loads (and the one the patch changes).
const require = createRequire(import.meta.url);
const routerPath = require.resolve('@remix-run/router');
const { matchRoutes } = require(routerPath) as typeof import('@remix-run/router');

function routes(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        {
          id: '_default',
          children: [
            { id: 'home', index: true },
            { id: 'kitchen', path: 'kitchen/:id' },
            { id: 'kitchen-ask', path: 'kitchen/:id/ask' },
            { id: 'item', path: 'items/:itemId' },
            { id: 'find-items', path: 'l/find-items' },
            { id: 'career', path: 'resources/careers/:title' },
            { id: 'about', path: 'resources/about' },
            { id: 'sitemap', path: 'sitemap.xml' },
            { id: 'exact', path: 'Exact', caseSensitive: true },
            { id: 'optional', path: 'menus/:lang?/list' },
            { id: 'not-found', path: '*' },
          ],
        },
        { id: 'ceiling', path: '_ceiling' },
      ],
    },
  ];
}

const leaf = (tree: AgnosticRouteObject[], path: string) => {
  const matches = matchRoutes(tree, path);
  const last = matches?.at(-1);
  return last ? { id: last.route.id, params: { ...last.params } } : null;
};

describe('route matching (patched router)', () => {
  const tree = routes();

  it('runs the patched router', () => {
    expect(readFileSync(routerPath, 'utf8')).toContain('function literalPrefixOf(branch)');
  });

  it.each([
    ['/', 'home', {}],
    ['/kitchen/k-1', 'kitchen', { id: 'k-1' }],
    ['/KITCHEN/K-1/', 'kitchen', { id: 'K-1' }],
    ['/kitchen/k-1/ask', 'kitchen-ask', { id: 'k-1' }],
    ['/kitchens', 'not-found', { '*': 'kitchens' }],
    ['/kitchen', 'not-found', { '*': 'kitchen' }],
    ['/items/a%2Fb', 'item', { itemId: 'a/b' }],
    ['/l/find-items', 'find-items', {}],
    ['/l/find-itemsx', 'not-found', { '*': 'l/find-itemsx' }],
    ['/resources/careers/Line%20cook', 'career', { title: 'Line cook' }],
    ['/Resources/About', 'about', {}],
    ['/sitemap.xml', 'sitemap', {}],
    ['/sitemapxxml', 'not-found', { '*': 'sitemapxxml' }],
    ['/Exact', 'exact', {}],
    ['/exact', 'not-found', { '*': 'exact' }],
    ['/menus/list', 'optional', {}],
    ['/menus/fr/list', 'optional', { lang: 'fr' }],
    ['/_ceiling', 'ceiling', {}],
    ['//kitchen/k-1', 'not-found', { '*': '/kitchen/k-1' }],
  ])('%s → %s', (path, id, params) => {
    expect(leaf(tree, path)).toEqual({ id, params });
    // Again, from the cached branches.
    expect(leaf(tree, path)).toEqual({ id, params });
  });

  it('sees routes added to a tree it has matched before (route discovery adds children)', () => {
    const grown = routes();
    expect(leaf(grown, '/late')?.id).toBe('not-found');
    grown[0].children!.push({ id: 'late', path: 'late' });
    expect(leaf(grown, '/late')?.id).toBe('late');
  });
});
