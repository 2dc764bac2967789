// How long the page at / takes to plot a 10,000-set history on loopback (target: under 1 s).
// The browser tests' world (tests/browser/world.mjs: the real stations history, SATCAT and
// active catalog plus one made-up 10,000-set object), a `gpq serve` of its own on 127.0.0.1 and
// Debian's chromium, headless. Each load asks for /#/object/99990 in a fresh browser context
// and ends when the six charts are drawn (body[data-plotted]); the first load finds nothing
// cached in the browser or in the server, the rest find the server's reply cache warm.
// usage: GPQ_REAL_DATA=../shared/data node bench/page_load.mjs build/gpq [LOADS]
import { existsSync } from 'node:fs';
// puppeteer-core is installed beside the browser tests (scripts/setup.sh): their modules find it.
import { CHROMIUM, launchChromium } from '../tests/browser/chromium.mjs';
import { World, LONG_HISTORY_ID, LONG_HISTORY_SETS } from '../tests/browser/world.mjs';

const [gpq, loadsArgument = '11'] = process.argv.slice(2);
const loads = Number(loadsArgument);
if (!gpq || !process.env.GPQ_REAL_DATA || !existsSync(CHROMIUM) || !(loads >= 1)) {
  console.error('usage: GPQ_REAL_DATA=DIR node bench/page_load.mjs GPQ_BINARY [LOADS]  (needs /usr/bin/chromium)');
  process.exit(2);
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const world = new World(gpq, process.env.GPQ_REAL_DATA);
const browser = await launchChromium();
try {
  // A heavy lane wide enough that no load waits out a 429.
  const base = await world.serve(['--heavy-rate', '1000', '--heavy-burst', '1000']);
  const total = [];
  const inPage = [];  // from asking for the history to the charts drawn, as the page counts it
  const boot = [];
  for (let run = 0; run < loads; run++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await page.evaluateOnNewDocument((k) => localStorage.setItem('gpq.apiKey', k), world.key);
    const started = performance.now();
    await page.goto(`${base}/#/object/${LONG_HISTORY_ID}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('body[data-plotted]', { timeout: 60000 });
    total.push(Math.round(performance.now() - started));
    inPage.push(Math.round(await page.evaluate(() => window.gpq.loadedMs)));
    // From the navigation's start (the page's time origin) to its asking for the history.
    boot.push(Math.round(await page.evaluate(() =>
      performance.getEntriesByType('resource').find((entry) => entry.name.includes('/series')).startTime)));
    const points = await page.evaluate(() => window.gpq.points);
    if (points !== LONG_HISTORY_SETS) throw new Error(`${points} points plotted, not ${LONG_HISTORY_SETS}`);
    await context.close();
  }
  const rest = total.slice(1);
  console.log(`${LONG_HISTORY_SETS}-set history, ${loads} loads; load to plotted (ms), in order: ${total.join(', ')}`);
  console.log(`  of which navigation start to history asked (ms): ${boot.join(', ')}`);
  console.log(`  and history asked to charts drawn (ms): ${inPage.join(', ')}`);
  console.log(`first load (nothing cached): ${total[0]} ms`);
  if (rest.length) {
    console.log(`later loads: median ${median(rest)} ms, fastest ${Math.min(...rest)} ms, slowest ${Math.max(...rest)} ms; ` +
      `navigation to history asked: median ${median(boot.slice(1))} ms; ` +
      `history asked to plotted: median ${median(inPage.slice(1))} ms`);
  }
  console.log(`all loads: median ${median(total)} ms (target < 1000 ms)`);
} finally {
  await browser.close();
  world.close();
}
