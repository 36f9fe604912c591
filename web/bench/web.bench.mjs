// `npm run bench web` (after scripts/bench.mjs has built everything): the web pages' throughput against the
// ceiling of this stack, the home page's tail at half its peak rate, and Lighthouse's scores. Starts the
// production stack the way `npm start` does (scripts/stack.mjs: migrate, seed the demo data, api + worker + web
// from built code, each on all its cores) on a database of its own, then loads each page with autocannon as a
// returning visitor (a browser's User-Agent and the cookies such a visitor has), and the bare `/_ceiling`
// route in the same run, with the CPU time each request cost the web server and the API (steadier than req/s on
// a shared machine). Most requests are answered from the web server's stored copies of public pages
// (web/server/page-cache.js); each page is then loaded again with a query parameter of its own per request, so that
// every request is rendered (the cost of a miss, and of a signed-in visitor's page). Prints numbers; never fails on
// a missed target (docs/benchmarks.md, "Web pages benchmark").
//
// Knobs: BENCH_WEB_SECONDS (each load, default 10), BENCH_WEB_CONNECTIONS (default 20, as in issue 19),
// BENCH_WEB_LIGHTHOUSE=0 (skip Lighthouse), BENCH_WEB_LIGHTHOUSE_RUNS (runs per page, default 3: the median
// run is reported, with every run's performance score), BENCH_WEB_PORT_BASE (default 3320: web, api = base+1,
// idp +2, gateway +3, mail +4/+5), WEB_WORKERS / API_WORKERS (default one per core, at most 4), BENCH_DATABASE_URL,
// BENCH_REDIS_URL (default: Redis database 7, away from the development stack's queues and caches),
// CHROME_PATH (default /usr/bin/chromium).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'undici';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ensureDatabase } from '../../scripts/services.mjs';
import { ROOT, fail, log } from '../../scripts/lib.mjs';
import { startStack } from '../../scripts/stack.mjs';

const API = '/services/publisher/api';
const SECONDS = Number(process.env.BENCH_WEB_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_WEB_CONNECTIONS || 20);
const PORT_BASE = Number(process.env.BENCH_WEB_PORT_BASE || 3320);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS || 3));
const ZIP = '10001';
/** A desktop Chrome; a bot's User-Agent would get the pages without the silent sign-on check. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

function benchDatabaseUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  url.pathname = '/hearth_bench_web';
  return url.toString();
}

function benchRedisUrl() {
  if (process.env.BENCH_REDIS_URL) return process.env.BENCH_REDIS_URL;
  const url = new URL(process.env.REDIS_URL || DEFAULT_REDIS_URL);
  url.pathname = '/7';
  return url.toString();
}

/** `name=value` pairs of the Set-Cookie headers of a response. */
function cookiesOf(response) {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]);
}

async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
  return { body: await response.json(), response };
}

/**
 * A returning visitor's cookies: the silent sign-on check done (`hearth_sso`), a time zone (`tz`), the zip
 * code last searched (`hearth_where`, which the search page sets) and a guest cart with one dish in it
 * (`hearth_cart`, set by the API on the first add). Also finds a dish near the zip and its kitchen.
 */
async function returningVisitor(webUrl) {
  const { body: found } = await json(`${webUrl}${API}/_search/items?zip=${ZIP}&country=US&size=20&query=%20`);
  if (!Array.isArray(found) || found.length === 0) throw new Error(`No dish found near ${ZIP}`);
  const base = ['hearth_sso=1', 'tz=America/New_York', `hearth_where=${encodeURIComponent(`${ZIP}|US`)}`];
  for (const { id } of found) {
    const { body: item } = await json(`${webUrl}${API}/item/${id}`);
    for (const date of item.menuDates ?? []) {
      for (const slot of item.deliveryTimeSlots ?? []) {
        const response = await fetch(`${webUrl}${API}/cart/items`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: webUrl, 'User-Agent': BROWSER_UA },
          body: JSON.stringify({
            itemId: id,
            userSelectedPricingOption: { id: item.pricingOptions[0].id },
            dates: [{ date, timeSlots: [slot] }],
          }),
        });
        if (response.ok) {
          // The cart's cookie and the count the API tells the browser beside it (hearth_cart_count, a minute's
          // worth: a browser drops it after that and the next page asks the API once; a 10 s load never does).
          const cart = cookiesOf(response).filter((c) => /^hearth_cart(?:_count)?=/.test(c));
          return {
            itemId: id,
            kitchenId: item.publisherId,
            cookie: [...base, ...cart].join('; '),
            withCart: cart.some((c) => c.startsWith('hearth_cart=')),
          };
        }
      }
    }
  }
  // No dish open for orders: measure without a cart rather than not at all.
  return { itemId: found[0].id, kitchenId: null, cookie: base.join('; '), withCart: false };
}

/** Linux only: each process's parent, command line and CPU time (user + system, ms) from /proc. */
function processes() {
  const out = [];
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start at its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      out.push({ pid: Number(pid), ppid: Number(fields[1]), cmd, cpuMs: ticks * 10 });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/**
 * The machine's CPU counters from /proc/stat (all cores, clock ticks), to tell between two of them how much of
 * the time the hypervisor gave to other machines (steal): on a shared virtual machine a run with much steal
 * measures the neighbours as much as the code. Null where there is no /proc/stat.
 */
function machineCpu() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return { steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
  } catch {
    return null;
  }
}

/** The share of the machine's CPU time stolen between two machineCpu() samples, in %, or null. */
function stolen(from, to) {
  if (!from || !to || to.total <= from.total) return null;
  return (100 * (to.steal - from.steal)) / (to.total - from.total);
}

/**
 * CPU time (ms) used so far by this script's `script` children (`web/server.js`, `api/dist/main.js`) and
 * their cluster workers: with CPU per request, a busy machine (other work sharing the cores) still tells
 * what a page costs the web server and the API, where req/s and latency mostly tell how busy it is.
 */
function cpuOf(script) {
  const all = processes();
  const roots = all.filter((p) => p.ppid === process.pid && p.cmd.includes(script)).map((p) => p.pid);
  const family = new Set(roots);
  for (const p of all) if (family.has(p.ppid)) family.add(p.pid);
  return all.filter((p) => family.has(p.pid)).reduce((sum, p) => sum + p.cpuMs, 0);
}

/**
 * `url` as fast as CONNECTIONS connections go (closed loop: each sends again when it has its answer). With
 * `rendered`, each request gets a query parameter of its own (`_bench=<n>`, which no page reads), so that no
 * request finds a stored copy (web/server/page-cache.js): what a page costs when it is rendered.
 */
function load(url, { cookie, seconds = SECONDS, rendered = false } = {}) {
  let n = 0;
  const { pathname, search } = new URL(url);
  const unique = rendered
    ? [
        {
          setupRequest: (req) => ({
            ...req,
            path: `${pathname}${search || '?'}${search ? '&' : ''}_bench=${++n}`,
          }),
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'User-Agent': BROWSER_UA, Accept: 'text/html', 'Accept-Encoding': 'gzip', Cookie: cookie },
        requests: unique,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * `url` at `rate` requests/s, open loop, on CONNECTIONS keep-alive connections: request i is due at
 * i ÷ rate and goes to connection i mod CONNECTIONS, and its latency counts from when it was due (a request
 * whose connection is still busy waits, and that wait counts). autocannon's `overallRate` is not this: it
 * spends each connection's budget at the start of every second, all connections in step, so its "half rate"
 * arrived as one burst a second and measured how long the burst took to drain. Same result shape as
 * autocannon's, for `summary`. The connections are opened (one request each) before the clock starts.
 */
async function openLoad(url, { cookie, rate, seconds = SECONDS }) {
  const { origin, pathname, search } = new URL(url);
  const headers = { 'user-agent': BROWSER_UA, accept: 'text/html', 'accept-encoding': 'gzip', cookie };
  const clients = Array.from({ length: CONNECTIONS }, () => new Client(origin, { pipelining: 1 }));
  const get = async (client) => {
    const { statusCode, body } = await client.request({ method: 'GET', path: pathname + search, headers });
    await body.dump({ limit: Infinity });
    return statusCode;
  };
  await Promise.all(clients.map(get));
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const pending = [];
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const interval = 1000 / rate;
  let i = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; t0 + i * interval <= Math.min(now, until); i += 1) {
        const due = t0 + i * interval;
        pending.push(
          get(clients[i % CONNECTIONS]).then(
            (status) => {
              if (status < 200 || status > 299) non2xx += 1;
              latencies.push(performance.now() - due);
            },
            () => (errors += 1),
          ),
        );
      }
      if (now >= until) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  return {
    requests: { average: latencies.length / elapsed, total: latencies.length },
    latency: { p50: at(0.5), p99: at(0.99) },
    non2xx,
    errors,
    timeouts: 0,
  };
}

function summary(name, pathname, result) {
  return {
    name,
    path: pathname,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function table(rows, columns) {
  const cells = [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => String(c.value(r))))];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  return cells
    .map((row, n) => {
      const line = row.map((cell, i) => cell.padStart(widths[i])).join('  ');
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

async function lighthouseScores(webUrl, pages, cookie) {
  if (!existsSync(CHROME_PATH)) {
    log(`Lighthouse skipped: no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
    return [];
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  for (const { name, path: pathname } of pages) {
    // LIGHTHOUSE_RUNS runs a page, and the median one is reported (Lighthouse's own advice: one run's Total
    // Blocking Time moves with whatever else the machine's CPU does). A run in which Lighthouse fails to record a
    // trace (NO_NAVSTART, NO_FCP on this VM) has no score: it is measured again, up to twice per run.
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const row = await lighthouseRun(lighthouse, chromeLauncher, webUrl, name, pathname, cookie);
        if (!row.runtimeError || attempt === 3) {
          runs.push(row);
          break;
        }
        log(`Lighthouse on ${name}: ${row.runtimeError}; measuring again`);
      }
    }
    const scored = runs.filter((r) => !r.runtimeError).sort((a, b) => a.performance - b.performance);
    const median = scored.length ? scored[Math.floor((scored.length - 1) / 2)] : runs[0];
    rows.push({ ...median, runs: runs.map((r) => (r.runtimeError ? 'error' : r.performance)) });
  }
  return rows;
}

/** One Lighthouse run of one page in a fresh Chromium. */
async function lighthouseRun(lighthouse, chromeLauncher, webUrl, name, pathname, cookie) {
  // A fresh Chromium per page: nothing cached from the page before (Lighthouse's own advice).
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      `${webUrl}${pathname}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // The returning visitor's cookies (no guest cart: its badge is not what Lighthouse measures).
        extraHeaders: { Cookie: cookie },
      },
      // Lighthouse's default config: mobile emulation (Moto G Power) with simulated slow 4G and 4× CPU.
    );
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    return {
      name,
      path: pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: lhr.audits['first-contentful-paint']?.displayValue ?? '',
      lcp: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
      tbt: lhr.audits['total-blocking-time']?.displayValue ?? '',
      cls: lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
      // Lighthouse's own measure of this machine's CPU speed (higher is faster): its 4× CPU slowdown multiplies
      // the tasks it timed here, so the same page's Total Blocking Time, and score, fall with this number.
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      failing,
      runtimeError: lhr.runtimeError?.message ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

export async function benchWeb() {
  const databaseUrl = benchDatabaseUrl();
  await ensureDatabase(databaseUrl);
  log(
    `starting the production stack on ${new URL(databaseUrl).pathname.slice(1)} (web :${PORT_BASE}, api :${PORT_BASE + 1})`,
  );
  const stack = await startStack({
    databaseUrl,
    redisUrl: benchRedisUrl(),
    webPort: PORT_BASE,
    apiPort: PORT_BASE + 1,
    idpPort: PORT_BASE + 2,
    gatewayPort: PORT_BASE + 3,
    gatewayStateFile: 'memory',
    mailSmtpPort: PORT_BASE + 4,
    mailHttpPort: PORT_BASE + 5,
    quiet: !process.env.BENCH_VERBOSE,
    // Every request comes from 127.0.0.1: far more than one visitor's limits (as in the e2e stack).
    extraEnv: Object.fromEntries(
      ['AUTH', 'CONTACT', 'SEARCH', 'CART', 'ORDER', 'LOG', 'DEFAULT'].map((c) => [
        `RATE_LIMIT_${c}`,
        '1000000,1000000,60',
      ]),
    ),
  }).catch((error) => fail(error.message));
  const webUrl = `http://127.0.0.1:${PORT_BASE}`;
  try {
    const visitor = await returningVisitor(webUrl);
    const pages = [
      { name: 'ceiling (/_ceiling)', path: '/_ceiling', ceiling: true },
      { name: 'home', path: '/' },
      { name: 'find items', path: `/l/find-items?zip=${ZIP}` },
      ...(visitor.kitchenId ? [{ name: 'kitchen page', path: `/kitchen/${visitor.kitchenId}` }] : []),
      { name: 'item page', path: `/items/${visitor.itemId}` },
      { name: 'about', path: '/resources/about' },
    ];
    // Each page answers 200 to this visitor (not a redirect, not an error page) before it is measured.
    for (const page of pages) {
      const response = await fetch(`${webUrl}${page.path}`, {
        headers: { 'User-Agent': BROWSER_UA, Cookie: visitor.cookie },
        redirect: 'manual',
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
      page.bytes = body.length;
    }
    const [load1, load5] = os.loadavg();
    log(
      `load ${SECONDS} s each, ${CONNECTIONS} connections, as a returning visitor${visitor.withCart ? ' with a guest cart' : ''}; ` +
        `${os.availableParallelism()} cores, load average before ${load1.toFixed(2)} / ${load5.toFixed(2)}`,
    );
    // Warm up (JIT, the API's caches, connections), then measure each page in turn.
    for (const page of pages) await load(`${webUrl}${page.path}`, { cookie: visitor.cookie, seconds: 2 });
    const results = [];
    const measure = async (page, rendered) => {
      const web0 = cpuOf('web/server.js');
      const api0 = cpuOf('api/dist/main.js');
      const machine0 = machineCpu();
      const result = await load(`${webUrl}${page.path}`, { cookie: visitor.cookie, rendered });
      const done = Math.max(1, result.requests.total);
      return {
        stolen: stolen(machine0, machineCpu()),
        ...summary(rendered ? `${page.name}, rendered` : page.name, page.path, result),
        rendered,
        bytes: page.bytes,
        webCpuMs: (cpuOf('web/server.js') - web0) / done,
        apiCpuMs: (cpuOf('api/dist/main.js') - api0) / done,
      };
    };
    for (const page of pages) results.push(await measure(page, false));
    // The same pages rendered for every request (no stored copy): what a miss costs, and what a signed-in
    // visitor's page (never stored) costs the servers.
    for (const page of pages.filter((p) => !p.ceiling)) results.push(await measure(page, true));
    const ceiling = results[0].rps;
    const home = results.find((r) => r.path === '/');
    const halfRate = Math.max(1, Math.round(home.rps / 2));
    const halfMachine0 = machineCpu();
    const half = summary(
      `home at ${halfRate} req/s`,
      '/',
      await openLoad(`${webUrl}/`, { cookie: visitor.cookie, rate: halfRate }),
    );
    const halfStolen = stolen(halfMachine0, machineCpu());
    console.log('');
    console.log(
      table(results, [
        { title: 'page', value: (r) => r.name },
        { title: 'path', value: (r) => r.path },
        { title: 'req/s', value: (r) => r.rps },
        { title: 'p50 ms', value: (r) => r.p50 },
        { title: 'p99 ms', value: (r) => r.p99 },
        { title: '÷ ceiling', value: (r) => (r.rps / ceiling).toFixed(2) },
        { title: 'web CPU ms/req', value: (r) => r.webCpuMs.toFixed(2) },
        { title: 'API CPU ms/req', value: (r) => r.apiCpuMs.toFixed(2) },
        { title: 'HTML KB', value: (r) => (r.bytes / 1024).toFixed(1) },
        { title: 'CPU stolen %', value: (r) => (r.stolen === null ? '–' : r.stolen.toFixed(0)) },
        { title: 'non-2xx', value: (r) => r.non2xx },
        { title: 'errors', value: (r) => r.errors },
      ]),
    );
    console.log('');
    console.log(
      `home page at half its peak rate (${halfRate} req/s, open loop): achieved ${half.rps} req/s, ` +
        `p50 ${half.p50} ms, p99 ${half.p99} ms (target < 100 ms), non-2xx ${half.non2xx}, errors ${half.errors}` +
        (halfStolen === null
          ? ''
          : `; ${halfStolen.toFixed(0)} % of the machine's CPU stolen by the hypervisor`),
    );
    const below = results.filter(
      (r) => !r.path.startsWith('/_ceiling') && !r.rendered && r.rps < ceiling / 2,
    );
    console.log(
      below.length
        ? `below half the ceiling: ${below.map((r) => r.name).join(', ')}`
        : 'every page at ≥ 50% of the ceiling',
    );

    let scores = [];
    if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') {
      log('Lighthouse (mobile emulation, Debian Chromium)');
      const base = visitor.cookie
        .split('; ')
        .filter((c) => !c.startsWith('hearth_cart'))
        .join('; ');
      scores = await lighthouseScores(
        webUrl,
        pages.filter((p) => !p.ceiling && p.name !== 'about'),
        base,
      );
      if (scores.length) {
        console.log('');
        console.log(
          table(scores, [
            { title: 'page', value: (r) => r.name },
            { title: 'performance (median)', value: (r) => r.performance },
            { title: 'runs', value: (r) => r.runs.join(' ') },
            { title: 'accessibility', value: (r) => r.accessibility },
            { title: 'best practices', value: (r) => r.bestPractices },
            { title: 'FCP', value: (r) => r.fcp },
            { title: 'LCP', value: (r) => r.lcp },
            { title: 'TBT', value: (r) => r.tbt },
            { title: 'CLS', value: (r) => r.cls },
            { title: 'BenchmarkIndex', value: (r) => r.benchmarkIndex },
          ]),
        );
        for (const row of scores) {
          if (row.runtimeError) console.log(`${row.name}: Lighthouse error: ${row.runtimeError}`);
          if (row.failing.length) console.log(`${row.name}: audits under 0.9: ${row.failing.join(', ')}`);
        }
        console.log('targets: performance ≥ 95, accessibility 100, best practices ≥ 95');
      }
    }
    const out = path.join(ROOT, 'var', 'bench');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, 'web.json');
    writeFileSync(
      file,
      JSON.stringify(
        { at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, results, half, scores },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(ROOT, file)}`);
  } finally {
    await stack.stop();
  }
}

await benchWeb().catch((error) => fail(`The web benchmark failed: ${error.message}`));
