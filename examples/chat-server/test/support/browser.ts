import { inject } from "vitest";
import { chromium, type Browser } from "playwright-core";

/** Flags for headless Chromium in containers and CI: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Launches the machine's Chromium (the path the global setup found or installed)
 * headless with playwright-core. Playwright never downloads a browser here.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: inject("chromiumPath"), headless: true, args: CHROMIUM_ARGS });
}
