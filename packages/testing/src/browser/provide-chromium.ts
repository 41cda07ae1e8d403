import { spawnSync } from "node:child_process";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the Chromium binary the browser tests launch (`inject("chromiumPath")`). */
    chromiumPath: string;
  }
}

/** The part of vitest's `TestProject` a global setup uses to hand values to the tests. */
export interface ChromiumSetupProject {
  /** Hands the Chromium path to the tests (`inject("chromiumPath")`). */
  provide(key: "chromiumPath", value: string): void;
}

/** What {@link provideChromium} runs and says. */
export interface ChromiumSetupOptions {
  /** Path of the repository's `scripts/ensure-chromium.mjs`. */
  readonly script: string;
  /** The suite that needs the browser, for the error message (e.g. `test/e2e.test.ts`). */
  readonly suite: string;
  /** Where to run the script by hand, for the error message. Default: the repository root. */
  readonly runFrom?: string;
}

/**
 * For a vitest global setup: runs the repository's `ensure-chromium` script once (it
 * finds, or as root installs, Debian's Chromium) and hands the browser's path to the
 * tests (`inject("chromiumPath")`). Without a Chromium it throws with the script's
 * instructions (and a note when running in CI), so the suite fails at once.
 *
 * @example
 * // test/global-setup.ts
 * export default (project: TestProject) => provideChromium(project, { script: fileURLToPath(new URL("../../../scripts/ensure-chromium.mjs", import.meta.url)), suite: "test/e2e.test.ts" });
 */
export function provideChromium(project: ChromiumSetupProject, options: ChromiumSetupOptions): void {
  const result = spawnSync(process.execPath, [options.script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const path = result.stdout.trim().split("\n").at(-1)?.trim() ?? "";
  if (result.status !== 0 || path === "") {
    const why = result.stderr.trim() || result.error?.message || `exit code ${result.status}`;
    const where = process.env.CI
      ? `CI: ${options.suite} needs Chromium and it could not be installed on this machine.`
      : `${options.suite} needs Chromium and it is missing.`;
    throw new Error(
      `${where}\n${why}\nRun \`node scripts/ensure-chromium.mjs\` in ${options.runFrom ?? "the repository root"} (as root it installs Debian's chromium package).`,
    );
  }
  if (result.stderr.trim() !== "") console.log(result.stderr.trim()); // what apt-get did, when it installed Chromium
  project.provide("chromiumPath", path);
}
