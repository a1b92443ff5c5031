// First paint of a report in headless chromium (bench/report_size.sh): the browser's first
// contentful paint, the time until the page has drawn its results and game list
// (body[data-ready]), from navigation start, and then the time to open the first game (its
// replay decompressed and decoded, its first position drawn). Median of three loads.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const { chromium } = await import(path.join(here, "../tests/browser/node_modules/playwright-core/index.mjs"));
const file = path.resolve(process.argv[2]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const runs = [];
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage();
  await page.goto("file://" + file, { timeout: 120000 });
  await page.waitForSelector("body[data-ready]", { timeout: 120000 });
  const loaded = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    ready: performance.now(),
  }));
  loaded.open = await page.evaluate(() => {
    const start = performance.now();
    location.hash = "#game=1&ply=0";
    return new Promise(done => {
      const wait = () => (view.game === 1 && view.frames ? done(performance.now() - start) : requestAnimationFrame(wait));
      wait();
    });
  });
  runs.push(loaded);
  await page.close();
}
await browser.close();
const median = key => runs.map(r => r[key]).sort((a, b) => a - b)[1];
console.log(`first contentful paint: ${median("fcp").toFixed(0)} ms (target < 3000 ms)`);
console.log(`results and game list drawn: ${median("ready").toFixed(0)} ms`);
console.log(`game 1 opened (its replay decompressed, decoded and drawn): ${median("open").toFixed(0)} ms`);
