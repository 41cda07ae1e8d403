import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the Chromium binary the end-to-end tests launch. */
    chromiumPath: string;
  }
}

const SCRIPT = fileURLToPath(new URL("../scripts/ensure-chromium.mjs", import.meta.url));

/**
 * Runs `scripts/ensure-chromium.mjs` once before the tests and hands the browser's
 * path to them (`inject("chromiumPath")`). Without a Chromium the suite fails here,
 * with the script's instructions (and a note when running in CI).
 */
export default function setup(project: TestProject): void {
  const result = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const path = result.stdout.trim().split("\n").at(-1)?.trim() ?? "";
  if (result.status !== 0 || path === "") {
    const why = result.stderr.trim() || result.error?.message || `exit code ${result.status}`;
    const where = process.env.CI
      ? "CI: the end-to-end tests need Chromium and it could not be installed on this machine."
      : "The end-to-end tests (test/e2e.test.ts) need Chromium and it is missing.";
    throw new Error(`${where}\n${why}\nRun \`node scripts/ensure-chromium.mjs\` in examples/chat-server (as root it installs Debian's chromium package).`);
  }
  if (result.stderr.trim() !== "") console.log(result.stderr.trim()); // what apt-get did, when it installed Chromium
  project.provide("chromiumPath", path);
}
