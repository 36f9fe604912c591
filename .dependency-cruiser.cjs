// The import rules of the workspace (docs/architecture.md "Layers"), checked by `npm run lint` and
// `npm test` with dependency-cruiser: `pnpm exec depcruise api/src web/app web/e2e`.
//
// API layers, bottom to top. A file may import its own layer and the layers below it, never one above.
// Within the domain, modules sit in tiers; a module imports modules of its own tier or lower ones, and no
// two modules may import each other through any path (folder-level cycle rule below).
const PLATFORM = ['config', 'common', 'redis', 'queue'];
const DOMAIN_TIERS = [
  // 1. services every domain may use: files, places, e-mail outbox, health, job postings, audit trail
  ['storage', 'geo', 'mail', 'health', 'jobs', 'audit'],
  // 2. people and kitchens: customers, chefs' kitchens and settings, favourites, contact, bulk
  //    e-mail to people (messaging) and subscriptions to chefs
  ['consumer', 'publisher', 'settings', 'favourite', 'contact', 'messaging', 'subscription'],
  // 3. the catalogue: items (dishes), menus, the kitchen page, search
  ['item', 'menu', 'kitchen', 'search'],
  // 4. buying: carts, orders, ratings, payments; running the kitchen from its orders (fulfilment: prep sheet,
  //    delivery rounds); feedback (about the site, or "how it went" on a delivered order)
  ['cart', 'order', 'rating', 'payment', 'fulfilment', 'feedback'],
  // 5. the edges that act on several domains: sign-in (merges the guest cart), the admin area
  ['auth', 'admin'],
];
// Composition roots: they wire everything together, so they may import anything and nothing imports them
// (except each other): the HTTP app and the worker, the data source with its entity registry, migrations
// and demo data, the local identity provider and the local payment gateway sandbox (their own processes).
const TOP =
  '^api/src/(app\\.module|app\\.setup|main|worker|worker\\.module)\\.ts$|^api/src/(database|identity-provider|gateway-sandbox|mail-catcher)/';

// Reads and writes across modules that may use another module's entity or repository class directly.
// Everything else goes through the owning module's service (or its repository when it is the owner's
// API for writes inside a caller's transaction, ADR 014). Entity files may reference other modules'
// entities for relations (one schema), so they are not subject to this rule.
const ALLOWED_FOREIGN = {
  'settings/chef-directory\\.(reader|module)\\.ts': {
    'publisher/publisher\\.entity\\.ts':
      'ChefDirectoryReader is a read model of kitchens for items, menus and the kitchen page',
    'publisher/pickup-location\\.entity\\.ts': 'the same read model lists the kitchen pickup places',
  },
  'menu/menu-catalog\\.service\\.ts': {
    'item/item\\.entity\\.ts':
      'type only: the catalogue pairs menu rows with the ItemEntity rows ItemService returns',
  },
  'publisher/publisher\\.mapper\\.ts': {
    'consumer/consumer\\.entity\\.ts':
      "type only: the admin's review shows the chef's account, loaded as the publisher's relation",
  },
  'order/checkout\\.service\\.ts': {
    'cart/cart\\.repository\\.ts':
      'checkout locks the cart row and empties it inside its own transaction (ADR 009)',
    'item/item-date-capacity\\.repository\\.ts':
      "an order takes capacity through its owner's repository, last, in the order's transaction (ADR 009, 014)",
  },
  'order/checkout-writer\\.ts': {
    'cart/cart\\.repository\\.ts':
      "the checkout's write deletes the priced cart lines with the cart module's statement (ADR 009, 025)",
    'item/item-date-capacity\\.repository\\.ts':
      "the checkout's write takes capacity with its owner's statement, last (ADR 014, 025)",
  },
  'order/order-payment\\.service\\.ts': {
    'item/item-date-capacity\\.repository\\.ts':
      "a payment completing after its hold ended takes the capacity again through the capacity owner's repository (ADR 014)",
  },
  'order/payment-hold\\.service\\.ts': {
    'cart/cart\\.repository\\.ts':
      "a released hold puts the order's lines back into the customer's cart in the release's transaction",
    'item/item-date-capacity\\.repository\\.ts':
      "a released hold gives its portions back through the capacity owner's repository (ADR 014)",
  },
  'order/order-status\\.service\\.ts': {
    'item/item-date-capacity\\.repository\\.ts':
      "a cancelled date gives its portions back through the capacity owner's repository (ADR 014)",
    'item/item\\.repository\\.ts':
      "a delivered date adds to the item's order count through the item module's repository (ADR 014)",
  },
  'rating/rating\\.service\\.ts': {
    'publisher/publisher\\.repository\\.ts':
      "a review updates the kitchen's running average through the publisher module's repository (ADR 014)",
  },
  'menu/menu-dates\\.service\\.ts': {
    'item/item-date-capacity\\.repository\\.ts':
      "publishing a menu creates and releases capacity rows through their owner's repository (ADR 014)",
  },
};

const modules = (names) => `^api/src/modules/(${names.join('|')})/`;
const tierRules = DOMAIN_TIERS.slice(0, -1).map((tier, i) => ({
  name: `no-upward-import-tier-${i + 1}`,
  comment: `Domain tier ${i + 1} (${tier.join(', ')}) must not import a module of a higher tier (.dependency-cruiser.cjs DOMAIN_TIERS)`,
  severity: 'error',
  from: { path: modules(tier) },
  to: { path: modules(DOMAIN_TIERS.slice(i + 1).flat()) },
}));
const allModules = DOMAIN_TIERS.flat();

const ENTITY_OR_REPOSITORY = '^api/src/modules/[^/]+/.+\\.(entity|repository)\\.ts$';
const foreignRules = allModules.map((name) => ({
  name: 'no-foreign-entity-or-repository',
  comment: `${name} may not import another module's *.entity.ts or *.repository.ts outside ALLOWED_FOREIGN in .dependency-cruiser.cjs`,
  severity: 'error',
  from: {
    path: `^api/src/modules/${name}/`,
    pathNot: [
      '\\.entity\\.ts$',
      ...Object.keys(ALLOWED_FOREIGN)
        .filter((f) => f.startsWith(`${name}/`))
        .map((f) => `^api/src/modules/${f}$`),
    ],
  },
  to: { path: ENTITY_OR_REPOSITORY, pathNot: `^api/src/modules/${name}/` },
}));
const allowedRules = Object.entries(ALLOWED_FOREIGN).map(([from, targets]) => ({
  name: 'no-foreign-entity-or-repository',
  comment: `${from} may import only these foreign entities/repositories: ${Object.entries(targets)
    .map(([t, why]) => `${t} (${why})`)
    .join('; ')}`,
  severity: 'error',
  from: { path: `^api/src/modules/${from}$` },
  to: {
    path: ENTITY_OR_REPOSITORY,
    pathNot: [
      `^api/src/modules/${from.split('/')[0]}/`,
      ...Object.keys(targets).map((t) => `^api/src/modules/${t}$`),
    ],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment:
        'Two API modules import each other through some path: move the shared piece down (docs/architecture.md "Layers")',
      severity: 'error',
      scope: 'folder',
      from: { path: '^api/src/modules/[^/]+$' },
      to: { path: '^api/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-upward-import-platform',
      comment: `The platform layer (${PLATFORM.join(', ')}) must not import domain modules or composition roots`,
      severity: 'error',
      from: { path: `^api/src/(${PLATFORM.join('|')})/` },
      to: { path: `^api/src/modules/|${TOP}` },
    },
    {
      name: 'no-upward-import-domain',
      comment:
        'A domain module must not import a composition root (app, worker, database, identity provider)',
      severity: 'error',
      from: { path: '^api/src/modules/' },
      to: { path: TOP },
    },
    {
      name: 'no-unknown-module',
      comment: 'Every folder under api/src/modules has a tier in .dependency-cruiser.cjs DOMAIN_TIERS',
      severity: 'error',
      from: { path: '^api/src/modules/' },
      to: { path: '^api/src/modules/', pathNot: modules(allModules) },
    },
    ...tierRules,
    ...foreignRules,
    ...allowedRules,
    {
      name: 'web-never-imports-api',
      comment: 'The web talks to the API over HTTP only; shared code lives in @hearth/shared',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build)/|^web/public/' },
    tsPreCompilationDeps: true,
    progress: { type: 'none' },
  },
};
