#!/usr/bin/env node
/**
 * Makes sure a Chromium the browser tests (the chat example's end-to-end tests, the run
 * viewer's page tests) can drive is installed, and prints its
 * path on the last line of stdout.
 *
 * - `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`.
 * - Missing and running as root: `apt-get update` then `apt-get install -y chromium`
 *   (Debian's package; Playwright never downloads a browser here).
 * - Missing and not root: exits 1 with the command to run.
 *
 * Usage: `node scripts/ensure-chromium.mjs` from the repository root (CI runs it first; the
 * browser suites' global setup, `provideChromium` of `@baton/testing/browser`, runs it too).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";
const path = process.env.CHROMIUM_PATH?.trim() || DEFAULT_PATH;

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} message */
function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

/** @param {string[]} args */
function aptGet(args) {
  console.error(`ensure-chromium: running apt-get ${args.join(" ")}`);
  const result = spawnSync("apt-get", args, { stdio: ["ignore", 2, 2], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.error) fail(`could not run apt-get (${result.error.message}). Install Chromium yourself: apt-get install -y chromium`);
  if (result.status !== 0) fail(`apt-get ${args.join(" ")} failed with exit code ${result.status}.`);
}

if (!isExecutable(path)) {
  if (path !== DEFAULT_PATH)
    fail(`CHROMIUM_PATH is set to ${path}, but there is no executable file there. Fix CHROMIUM_PATH or unset it to use ${DEFAULT_PATH}.`);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    fail(
      `Chromium is not installed (${DEFAULT_PATH} is missing) and this is not root, so it cannot be installed here.\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
        `or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
    );
  }
  aptGet(["update"]);
  aptGet(["install", "-y", "--no-install-recommends", "chromium"]);
  if (!isExecutable(path)) fail(`apt-get installed the chromium package, but ${path} is still missing.`);
}
console.log(path);
