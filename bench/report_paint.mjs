// First paint of a report in headless chromium (bench/report_size.sh): the browser's first
// contentful paint, and the time until the page has drawn its results and game list
// (body[data-ready]), from navigation start. Median of three loads.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { chromium } = await import(path.join(here, "../tests/browser/node_modules/playwright-core/index.mjs"));
const file = path.resolve(process.argv[2]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const runs = [];
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage();
  await page.goto("file://" + file);
  await page.waitForSelector("body[data-ready]", { timeout: 60000 });
  runs.push(await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    ready: performance.now(),
  })));
  await page.close();
}
await browser.close();
const median = key => runs.map(r => r[key]).sort((a, b) => a - b)[1];
console.log(`first contentful paint: ${median("fcp").toFixed(0)} ms (target < 3000 ms)`);
console.log(`results and game list drawn: ${median("ready").toFixed(0)} ms`);
