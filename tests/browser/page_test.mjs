// The page at / in Debian's chromium, driven by puppeteer-core, against real `gpq serve`
// processes on 127.0.0.1 over real data (ctest -L browser; docs/SERVE.md "The page").
// usage: node page_test.mjs GPQ_BINARY [SCREENSHOT_DIR]; exits 77 (skipped) without
// $GPQ_REAL_DATA or /usr/bin/chromium.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { CHROMIUM, launchChromium } from './chromium.mjs';
import { World, LONG_HISTORY_ID, LONG_HISTORY_SETS } from './world.mjs';

const [gpq, screenshots] = process.argv.slice(2);
if (!process.env.GPQ_REAL_DATA) { console.log('GPQ_REAL_DATA is not set: skipped'); process.exit(77); }
if (!existsSync(CHROMIUM)) { console.log(`${CHROMIUM} is missing (scripts/setup.sh installs it): skipped`); process.exit(77); }

const failures = [];
const outside = [];  // requests for anything but the server under test
const pageErrors = [];
const allExchanges = [];

function check(condition, what) {
  if (!condition) throw new Error(what);
}

async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name}: ${error.stack || error}`);
  }
}

// A fresh page (own storage) that refuses and records every request not for 127.0.0.1, and
// records each response (URL, status, Retry-After, time).
async function openPage(browser, key) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  page.setDefaultTimeout(15000);
  page.exchanges = [];
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'about:' || url.hostname === '127.0.0.1') {
      request.continue();
    } else {
      outside.push(request.url());
      request.abort();
    }
  });
  page.on('response', (response) => {
    const exchange = { url: response.url(), status: response.status(),
      retryAfter: response.headers()['retry-after'], at: Date.now() };
    page.exchanges.push(exchange);
    allExchanges.push(exchange);
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (line) => { if (line.type() === 'error') pageErrors.push(line.text()); });
  if (key !== undefined) {
    await page.evaluateOnNewDocument((k) => { try { localStorage.setItem('gpq.apiKey', k); } catch { /* about:blank has none */ } }, key);
  }
  return page;
}

// waitForSelector that, on a timeout, says what the page showed instead.
async function waitFor(page, selector, options = {}) {
  try {
    return await page.waitForSelector(selector, options);
  } catch (error) {
    const shown = await page.evaluate(() => `${location.href} | ${document.getElementById('notice')?.textContent} | ` +
      `${document.getElementById('key-dialog')?.open ? 'key dialog open: ' + document.getElementById('key-message').textContent : ''} | ` +
      document.getElementById('main')?.innerText.slice(0, 600)).catch(() => '?');
    throw new Error(`${selector} did not appear; the page showed: ${shown}`);
  }
}

// The requests for /api/v1/stream the page has open: each leaves the set when it fails (is
// aborted) or finishes.
function streamsOf(page) {
  const open = new Set();
  page.streams = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/v1/stream') return;
    open.add(request);
    page.streams.push(request);
  });
  page.on('requestfailed', (request) => open.delete(request));
  page.on('requestfinished', (request) => open.delete(request));
  return open;
}

// A TCP relay to the server at `target` (a base URL), a network the test can break: cut()
// closes every connection through it and holds new ones until mend() lets them through.
async function relay(target) {
  const { hostname, port } = new URL(target);
  const sockets = new Set();
  let held = null;
  const join = (client) => {
    const upstream = connect(Number(port), hostname);
    for (const [socket, other] of [[client, upstream], [upstream, client]]) {
      sockets.add(socket);
      socket.on('close', () => { sockets.delete(socket); other.destroy(); });
    }
    upstream.on('error', () => {});
    client.pipe(upstream).pipe(client);
  };
  const server = createServer((client) => {
    client.on('error', () => {});
    if (held) held.push(client);
    else join(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    cut() {
      held ??= [];
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach(join);
    },
    close() {
      for (const socket of [...sockets, ...(held ?? [])]) socket.destroy();
      server.close();
    },
  };
}

// Polls `condition` until it holds, for at most `ms`; `what` (or what it resolves to, when a
// function: the state at the end) says what did not happen.
async function until(condition, ms, what) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${typeof what === 'function' ? await what() : what} (waited ${ms} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// A TLE line with its last digit the mod-10 checksum of the 68 before (a minus counts 1).
function withChecksum(line) {
  const body = line.slice(0, 68);
  let sum = 0;
  for (const c of body) sum += c === '-' ? 1 : (c >= '0' && c <= '9' ? Number(c) : 0);
  return body + (sum % 10);
}

// The 3-line TLE `text` `days` later: line 1's day of year (columns 21-23) plus `days`.
function daysLater(text, days) {
  const [name, one, two] = text.trimEnd().split('\n');
  check(withChecksum(one) === one && withChecksum(two) === two, `the checksums of ${one} / ${two}`);
  const day = Number(one.slice(20, 23)) + days;
  check(day <= 365, `day ${day} runs into the next year`);
  return `${name}\n${withChecksum(one.slice(0, 20) + String(day).padStart(3, '0') + one.slice(23))}\n${two}\n`;
}

async function shoot(page, name) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: name === 'object' });
}

const world = new World(gpq, process.env.GPQ_REAL_DATA);
const browser = await launchChromium();
try {
  const base = await world.serve();
  const api = async (path) => {
    const res = await fetch(`${base}/api/v1${path}`, { headers: { 'X-Api-Key': world.key } });
    check(res.ok, `${path}: ${res.status}`);
    return res.json();
  };

  await test('search by typing finds the ISS', async () => {
    const page = await openPage(browser, world.key);
    await page.goto(`${base}/`);
    await waitFor(page, '#q');
    await page.type('#q', 'ISS');
    await page.keyboard.press('Enter');
    await waitFor(page, '#results a[href="#/object/25544"]');
    const text = await page.$eval('#results', (node) => node.textContent);
    check(text.includes('ISS (ZARYA)'), `no ISS (ZARYA) in: ${text.slice(0, 200)}`);
    // The line of how much of the catalog the answer stands on: the API's figures.
    const line = await page.$eval('#coverage', (node) => node.textContent);
    const { coverage } = (await api('/gp?search=ISS&include=coverage')).meta;
    check(line.includes(`Stands on ${coverage.on_orbit} objects in orbit`)
      && line.includes(`${coverage.with_set_within_30d} within 30 days`), `coverage line: ${line}`);
    await shoot(page, 'search');
    await page.goto(`${base}/#/?q=1998-067A`);
    await waitFor(page, '#results a[href="#/object/25544"]');
    await page.goto(`${base}/#/?q=25544`);
    await waitFor(page, '#results a[href="#/object/25544"]');
  });

  const series = await api('/gp/25544/series');
  await test('the ISS page plots every set of its history', async () => {
    const page = await openPage(browser, world.key);
    await page.goto(`${base}/#/object/25544`);
    await waitFor(page, 'body[data-plotted]');
    const drawn = await page.evaluate(() => window.gpq.plots.charts.map((c) => [c.root.dataset.chart, c.data[0].length, c.data.length]));
    check(drawn.length === 6, `${drawn.length} charts`);
    for (const [chart, points] of drawn) {
      check(points === series.meta.points, `${chart}: ${points} points, the history has ${series.meta.points}`);
    }
    const status = await page.$eval('#history-status', (node) => node.textContent);
    check(status.startsWith(`${series.meta.points} sets`), status);
    await page.waitForFunction(() => document.querySelector('pre.tle')?.textContent.length > 0);
    const tle = await page.$eval('pre.tle', (node) => node.textContent);
    check(/^1 25544U/m.test(tle), `latest TLE: ${tle}`);
    // The latest set's quality flags, always shown, as the API gives them.
    await waitFor(page, '#latest-quality');
    const shown = await page.$eval('#latest-quality', (node) => node.textContent);
    const judged = (await api('/gp/25544?include=quality'))._quality;
    check(Array.isArray(judged), `no _quality in /gp/25544?include=quality`);
    const expected = judged.length ? judged.join(', ').replaceAll('_', ' ') : 'no flag';
    check(shown === expected, `quality shown "${shown}", the API's "${expected}"`);
    // The set behind a point, from the keyboard: the slider moves the cursor.
    await page.focus('#point-slider');
    await page.keyboard.press('End');
    await page.waitForFunction((n) => document.getElementById('point').textContent.includes(`Set ${n} of ${n}`), {}, series.meta.points);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.getElementById('point').textContent.includes('Set 1 of'));
    await shoot(page, 'object');
  });

  await test('a manoeuvre marker stands where the ISS was reboosted', async () => {
    // The reboost in the data: the largest rise of the semi-major axis between two sets.
    const a = series.data.SEMIMAJOR_AXIS;
    let best = 1;
    for (let k = 1; k < a.length; k++) if (a[k] - a[k - 1] > a[best] - a[best - 1]) best = k;
    const [before, after] = [series.data.EPOCH_UNIX[best - 1], series.data.EPOCH_UNIX[best]];
    check(a[best] - a[best - 1] > 0.5, `largest rise only ${a[best] - a[best - 1]} km`);
    const page = await openPage(browser, world.key);
    await page.goto(`${base}/#/object/25544`);
    await waitFor(page, 'body[data-plotted]');
    const markers = await page.evaluate(() => window.gpq.plots.markers.filter((m) => m.kind === 'MANOEUVRE').map((m) => [m.chart, m.time]));
    const there = new Set(markers.filter(([, t]) => t > before && t < after).map(([chart]) => chart));
    check(there.size === 6, `manoeuvre markers between ${before} and ${after}: ${JSON.stringify(there)} of ${JSON.stringify(markers)}`);
    const rows = await page.$$eval('tr[data-event-kind="manoeuvre"]', (trs) => trs.map((tr) => tr.textContent));
    check(rows.some((row) => row.includes('semi major axis')), `event rows: ${rows}`);
  });

  await test('a bad key gets a clear message', async () => {
    const page = await openPage(browser, 'not-a-key');
    await page.goto(`${base}/#/?q=ISS`);
    await waitFor(page, '#key-dialog[open]');
    const text = await page.$eval('#key-message', (node) => node.textContent);
    check(/refused the saved API key/.test(text) && /not valid/.test(text), `message: ${text}`);
    await shoot(page, 'bad-key');
    await page.type('#key-input', world.key);
    await page.keyboard.press('Enter');
    await waitFor(page, '#results a[href="#/object/25544"]');
  });

  await test('a server without keys needs none', async () => {
    const open = await world.serve(['--no-auth']);
    const page = await openPage(browser);
    await page.goto(`${open}/#/?q=ISS`);
    await waitFor(page, '#results a[href="#/object/25544"]');
    check(!(await page.$('#key-dialog[open]')), 'the key dialog opened');
  });

  await test('a 429 is shown and retried after Retry-After', async () => {
    const tight = await world.serve(['--rate', '1', '--burst', '2', '--heavy-rate', '0.5', '--heavy-burst', '1']);
    const page = await openPage(browser, world.key);
    await page.goto(`${tight}/#/object/25544`);
    await page.waitForFunction(() => /429/.test(document.getElementById('notice').textContent));
    await shoot(page, 'rate-limited');
    await waitFor(page, 'body[data-plotted]', { timeout: 30000 });
    const refused = page.exchanges.filter((e) => e.status === 429);
    check(refused.length > 0, 'no 429 was answered');
    for (const no of refused) {
      const again = page.exchanges.find((e) => e.url === no.url && e.at > no.at);
      check(again, `${no.url} was not asked again`);
      check(again.at - no.at >= Number(no.retryAfter) * 1000 - 100,
        `${no.url} asked again after ${again.at - no.at} ms; Retry-After was ${no.retryAfter} s`);
    }
  });

  await test('the snapshot view pages and sorts the catalog at an epoch', async () => {
    const page = await openPage(browser, world.key);
    await page.goto(`${base}/#/snapshot?epoch=2026-07-11T00:00&orbit_regime=LEO&object_type=PAYLOAD`);
    await waitFor(page, '#snapshot-results table');
    const count = await page.$eval('#snapshot-count', (node) => node.textContent);
    check(/^\d+ objects/.test(count) && !count.startsWith('0 '), count);
    const line = await page.$eval('#coverage', (node) => node.textContent);
    const { coverage } = (await api('/state?epoch=2026-07-11T00:00:00Z&include=coverage&per_page=1')).meta;
    check(line.includes(`Stands on ${coverage.on_orbit} objects in orbit (SATCAT) at 2026-07-11 00:00:00Z: `
      + `${coverage.with_set_within_1d} with a set within 1 day`), `coverage line: ${line}`);
    const rows = await page.$$eval('#snapshot-results tbody tr', (trs) => trs.length);
    check(rows === 100, `${rows} rows on the first page`);
    const headings = await page.$$eval('#snapshot-results th button', (buttons) => buttons.map((b) => b.textContent));
    check(headings.includes('Height km'), headings.join());
    // The server sorts the whole snapshot: page 2 goes on from where page 1 ends.
    const heights = async () => page.$$eval('#snapshot-results tbody tr td:nth-child(6)', (tds) => tds.map((td) => Number(td.textContent)));
    const ascending = (values) => values.every((h, k) => k === 0 || Number.isNaN(h) || Number.isNaN(values[k - 1]) || values[k - 1] <= h);
    await page.click('th button[data-field="HEIGHT_KM"]');
    await page.waitForFunction(() => document.querySelector('th button[data-field="HEIGHT_KM"]')?.getAttribute('aria-sort') === 'ascending');
    const first = await heights();
    check(first.length === 100 && ascending(first), `not ascending: ${first.slice(0, 10)}`);
    check(await page.evaluate(() => document.activeElement?.dataset.field) === 'HEIGHT_KM', 'the sorted heading lost the focus');
    await page.click('nav.pages button:last-child');
    await page.waitForFunction(() => document.querySelector('#snapshot-results caption')?.textContent.includes('page 2 of'));
    const second = await heights();
    check(ascending([...first, ...second]), `page 2 does not go on from page 1: ${first.at(-1)} then ${second.slice(0, 3)}`);
    // The same heading again: the other way, from page 1.
    await page.click('th button[data-field="HEIGHT_KM"]');
    await page.waitForFunction(() => document.querySelector('th button[data-field="HEIGHT_KM"]')?.getAttribute('aria-sort') === 'descending'
      && document.querySelector('#snapshot-results caption')?.textContent.includes('page 1 of'));
    const falling = await heights();
    check(ascending([...falling].reverse()) && falling[0] >= first.at(-1), `not descending: ${falling.slice(0, 10)}`);
    await shoot(page, 'snapshot');
    // Without an epoch the view opens at the mirror's newest set (the stations history's).
    await page.goto(`${base}/#/snapshot`);
    await page.waitForFunction(() => document.querySelector('#snapshot-results caption')?.textContent.includes('Objects at 2026-07-14T'));
    // Objects without a state say so in a word, with the reason on hover; the table keeps its shape.
    const noState = await page.$$eval('#snapshot-results tr.no-state td:nth-child(6) abbr', (abbrs) => abbrs.map((a) => [a.textContent, a.title]));
    check(noState.every(([text, title]) => text === 'no state' && title.startsWith('NORAD ')), JSON.stringify(noState.slice(0, 3)));
    check(!(await page.$eval('#snapshot-results', (node) => node.textContent)).includes('null'), 'the view shows "null"');
    const widest = await page.$$eval('#snapshot-results tbody td:nth-child(6)', (tds) => Math.max(...tds.map((td) => td.textContent.length)));
    check(widest <= 12, `a height cell of ${widest} characters`);
  });

  await test('a phone-wide screen shows the object page without sideways scrolling', async () => {
    const page = await openPage(browser, world.key);
    await page.setViewport({ width: 375, height: 800, isMobile: true });
    await page.goto(`${base}/#/object/25544`);
    await waitFor(page, 'body[data-plotted]');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    await shoot(page, 'phone');
  });

  await test(`a ${LONG_HISTORY_SETS}-set history is plotted in full`, async () => {
    // A server of its own: the tests before have used the default heavy lane's burst. How long
    // the load takes is measured by bench/page_load.mjs, not judged here.
    const fresh = await world.serve(['--heavy-rate', '100', '--heavy-burst', '100']);
    const page = await openPage(browser, world.key);
    await page.goto(`${fresh}/#/object/${LONG_HISTORY_ID}`, { waitUntil: 'domcontentloaded' });
    await waitFor(page, 'body[data-plotted]', { timeout: 60000 });
    const points = await page.evaluate(() => window.gpq.points);
    check(points === LONG_HISTORY_SETS, `${points} points`);
    const drawn = await page.evaluate(() => window.gpq.plots.charts.map((c) => c.data[0].length));
    check(drawn.length === 6 && drawn.every((n) => n === LONG_HISTORY_SETS), `charts of ${drawn.join(', ')} points`);
  });

  // Last of those reading the ISS's history: it gains sets here.
  await test('following live plots a set as the sync commits it, resumes after a cut, and closes the stream when off', async () => {
    const network = await relay(base);
    try {
      const page = await openPage(browser, world.key);
      const streams = streamsOf(page);
      await page.goto(`${network.base}/#/object/25544`);
      await waitFor(page, 'body[data-plotted]');
      const shown = () => page.evaluate(() => ({ points: Number(document.getElementById('charts').dataset.points),
        latest: document.getElementById('latest-epoch')?.textContent, live: document.getElementById('live-status').textContent,
        following: document.querySelector('.live').dataset.following }));
      const before = (await shown()).points;
      check(before === await page.evaluate(() => window.gpq.points), `data-points ${before}`);
      const old = await api('/gp/25544');
      await page.waitForFunction((epoch) => document.getElementById('latest-epoch')?.textContent === epoch, {}, old.EPOCH);
      const tle = await (await fetch(`${base}/api/v1/gp/25544?format=tle`, { headers: { 'X-Api-Key': world.key } })).text();
      // `gpq sync --from` a file of the ISS's newest set `days` later; resolves to the set as the API has it.
      const syncLater = async (days) => {
        const file = join(world.dir, `iss-${days}-days-later.tle`);
        writeFileSync(file, daysLater(tle, days));
        world.run(['sync', '--from', file]);
        const set = await api('/gp/25544');
        check(Date.parse(set.EPOCH) - Date.parse(old.EPOCH) === days * 86400e3, `the new set's EPOCH ${set.EPOCH} after ${old.EPOCH}`);
        return set;
      };
      // The page shows `points` points and `epoch` as the latest set within a few seconds.
      const showsSoon = async (points, epoch) => until(async () => {
        const now = await shown();
        return now.points === points && now.latest === epoch;
      }, 5000, async () => `not ${points} points and the latest at ${epoch}: ${JSON.stringify(await shown())}`);

      await page.click('#follow-live');
      // Following once the stream's first line came: the server counts changes from then on.
      await until(async () => (await shown()).live.startsWith('Following'), 5000, 'not following');
      check(page.url().endsWith('#/object/25544?live=1'), `the address: ${page.url()}`);
      const added = await syncLater(1);
      // Told live: no reload, no new span; the plot grows by the one set, the latest is the new.
      await showsSoon(before + 1, added.EPOCH);
      const drawn = await page.evaluate(() => window.gpq.plots.charts.map((c) => [c.data[0].length, c.data[0].at(-1), c.data[1].at(-1)]));
      for (const [length, time, value] of drawn) {
        check(length === before + 1 && time === Date.parse(added.EPOCH) / 1000 && Number.isFinite(value),
          `a chart of ${length} points ending at ${time} with ${value}`);
      }
      const status = (await shown()).live;
      check(status.startsWith(`New set at ${added.EPOCH.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}`), `live status: ${status}`);
      const history = await page.$eval('#history-status', (node) => node.textContent);
      check(history.startsWith(`${before + 1} sets`), `the history status: ${history}`);
      check(page.streams.length === 1, `${page.streams.length} stream requests`);
      await shoot(page, 'live');

      // A lost connection is opened again after the last id seen: a set committed meanwhile comes.
      const logged = pageErrors.length;
      network.cut();
      await until(async () => (await shown()).live.includes('reconnecting'), 3000, 'the cut was not seen');
      const missed = await syncLater(2);
      network.mend();
      await showsSoon(before + 2, missed.EPOCH);
      // The browser logs the requests the cut broke: the test's doing, not the page's error.
      pageErrors.push(...pageErrors.splice(logged).filter((e) => !/net::ERR_/.test(e)));
      const resumed = page.streams.at(-1).headers()['last-event-id'];
      check(page.streams.length >= 2 && /^\d+$/.test(resumed || ''), `the stream reopened with Last-Event-ID ${resumed}`);

      // Off: the stream is aborted, in the page and on the wire.
      await page.click('#follow-live');
      await until(async () => (await shown()).following === 'false', 3000, 'data-following is not false');
      await until(() => streams.size === 0, 3000, 'the stream was not closed');
      check(page.url().endsWith('#/object/25544'), `the address: ${page.url()}`);
      // On again, then another view: that closes it too.
      const opened = page.streams.length;
      await page.click('#follow-live');
      await until(() => streams.size === 1, 3000, 'the stream did not open again');
      await page.evaluate(() => { location.hash = '#/'; });
      await waitFor(page, '#q');
      await until(() => streams.size === 0, 3000, 'the stream outlived its view');
      check(page.streams.length === opened + 1, `${page.streams.length - opened} stream requests for one`);
    } finally {
      network.close();
    }
  });

  await test('no request left the server, and the page raised no error', async () => {
    check(outside.length === 0, `requests outside: ${outside.join(', ')}`);
    // The browser logs each refused API request (403 without a key, 429, a 404 for an object
    // without a SATCAT record); anything else is the page's own error.
    const real = pageErrors.filter((e) => !/status of (403|404|429)/.test(e));
    const missing = allExchanges.filter((e) => e.status === 404 && !new URL(e.url).pathname.startsWith('/api/v1/catalog/'));
    check(missing.length === 0, `not found: ${missing.map((e) => e.url).join(', ')}`);
    check(real.length === 0, `page errors: ${real.join(' | ')}`);
  });
} finally {
  await browser.close();
  world.close();
}
if (failures.length) {
  console.log(`${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('all browser tests passed');
