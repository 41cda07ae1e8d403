import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the Chromium binary the browser tests launch. */
    chromiumPath: string;
  }
}

const SCRIPT = fileURLToPath(new URL("../scripts/ensure-chromium.mjs", import.meta.url));

/**
 * Runs `scripts/ensure-chromium.mjs` once before the tests (the chat example's setup) and
 * hands the browser's path to them (`inject("chromiumPath")`).
 */
export default function setup(project: TestProject): void {
  const result = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const path = result.stdout.trim().split("\n").at(-1)?.trim() ?? "";
  if (result.status !== 0 || path === "") {
    const why = result.stderr.trim() || result.error?.message || `exit code ${result.status}`;
    throw new Error(`The browser tests (test/browser.test.ts) need Chromium and it is missing.\n${why}\nRun \`node scripts/ensure-chromium.mjs\` in packages/viewer (as root it installs Debian's chromium package).`);
  }
  if (result.stderr.trim() !== "") console.log(result.stderr.trim());
  project.provide("chromiumPath", path);
}
