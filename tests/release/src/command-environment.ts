import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { readManifest, REPOSITORY_ROOT } from "./repository.js";

/**
 * This process's environment without the `npm_config_*` / `npm_package_*` /
 * `npm_lifecycle_*` variables a package manager sets for the script that runs the
 * suite: the commands the suite runs read their settings from the `.npmrc` files it
 * writes, as a user's would, plus `extra`.
 */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_(config|package|lifecycle)_/i.test(key) && !/^(PNPM|pnpm)_/.test(key)) env[key] = value;
  }
  return { ...env, NO_UPDATE_NOTIFIER: "1", TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", ...extra };
}

/**
 * A folder holding a `pnpm` command of the version pinned in the root package.json
 * (`packageManager`), fetched once through `npx` as `scripts/pnpm.mjs` does: put it
 * first on `PATH` for `changeset publish`, which runs `pnpm publish` in each package
 * folder.
 */
export function pinnedPnpmBinFolder(): string {
  const version = readManifest(REPOSITORY_ROOT)
    .packageManager!.replace(/^pnpm@/, "")
    .split("+")[0]!;
  const path = execFileSync("npx", ["--yes", "-p", `pnpm@${version}`, "-c", "command -v pnpm"], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
    env: cleanEnvironment(),
  }).trim();
  const folder = mkdtempSync(join(tmpdir(), "baton-pnpm-"));
  symlinkSync(path, join(folder, "pnpm"));
  return folder;
}

/** `PATH` with `folder` first. */
export function pathWith(folder: string): string {
  return `${folder}${delimiter}${process.env.PATH ?? ""}`;
}

/**
 * `PATH` without the folders that hold a `command` executable: what a machine without
 * it installed has (the suite itself may run under a `pnpm` that `npx` put on `PATH`).
 */
export function pathWithout(command: string): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((folder) => folder !== "" && !existsSync(join(folder, command)))
    .join(delimiter);
}
