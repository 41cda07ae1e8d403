#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's "packageManager" field, without a
// global install: a fresh machine with only Node and npm can run every project command.
// It runs in the folder it is started from, as pnpm itself does: `node ../../scripts/pnpm.mjs pack`
// inside a package packs that package.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const version = packageManager.replace(/^pnpm@/, "").split("+")[0];

const installed = spawnSync("pnpm", ["--version"], { encoding: "utf8", shell: process.platform === "win32" });
const useGlobal = installed.status === 0 && installed.stdout.trim() === version;
const [command, args] = useGlobal ? ["pnpm", process.argv.slice(2)] : ["npx", ["--yes", `pnpm@${version}`, ...process.argv.slice(2)]];

const result = spawnSync(command, args, {
  stdio: "inherit",
  shell: process.platform === "win32",
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
});
process.exit(result.status ?? 1);
