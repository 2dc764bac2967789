// Debian's chromium, headless, through puppeteer-core: never a downloaded browser.
import puppeteer from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium() {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'] });
}
