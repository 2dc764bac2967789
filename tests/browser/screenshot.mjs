// A picture of one view of the page for the docs: node screenshot.mjs URL OUT.png [SELECTOR]
// (the whole page, or only SELECTOR's element), taken in Debian's chromium once the history
// is plotted (or after two seconds on views without plots).
import { launchChromium } from './chromium.mjs';

const [url, out, selector] = process.argv.slice(2);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  await page.goto(url);
  if (url.includes('#/object/')) await page.waitForSelector('body[data-plotted]', { timeout: 20000 });
  else await new Promise((resolve) => setTimeout(resolve, 2000));
  const target = selector ? await page.$(selector) : page;
  await target.screenshot({ path: out, ...(selector ? {} : { fullPage: true }) });
} finally {
  await browser.close();
}
