// The browser both browser tests drive: Debian's old headless shell (package
// chromium-headless-shell) where it is installed, else Debian's full chromium in its headless
// mode. Both are the same Blink and V8; the shell has no browser window machinery to run beside
// the page, and the report test took about 40% less CPU with it (docs/performance.md, "The
// browser tests").
import fs from "node:fs";
import { chromium } from "playwright-core";

const SHELL = "/usr/lib/chromium/chromium-headless-shell";

export function launchChromium() {
  const executablePath = fs.existsSync(SHELL) ? SHELL : "/usr/bin/chromium";
  return chromium.launch({ executablePath, args: ["--no-sandbox"] });
}
