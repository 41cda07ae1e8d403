#!/usr/bin/env node
// What the test suite leaves in the system temp directory, checked at its end.
//
//   node scripts/temp-leftovers.mjs start   notes what the temp directory holds now
//   node scripts/temp-leftovers.mjs check   lists what appeared since and is the suite's
//                                           (a `baton-*` file or folder, or a Vitest
//                                           transform cache: a folder holding only `ssr`
//                                           or `web`), and fails when anything is left
//
// Whatever else appears meanwhile (another program's files) is not the suite's, and is
// left out. The note is kept in BATON_TEMP_LEFTOVERS_STATE (default:
// node_modules/.cache/baton-temp-leftovers.json at the repository root).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const state = process.env.BATON_TEMP_LEFTOVERS_STATE ?? join(root, "node_modules", ".cache", "baton-temp-leftovers.json");
const temp = tmpdir();

/** Whether `name` in the temp directory is something the suite makes. */
function madeBySuite(name) {
  if (name.startsWith("baton-")) return true;
  // Vitest writes each project's transformed modules under <tmp>/<id>/ssr (or web) and removes them when it closes.
  const path = join(temp, name);
  try {
    if (!statSync(path).isDirectory()) return false;
    const children = readdirSync(path);
    return children.length > 0 && children.every((child) => child === "ssr" || child === "web");
  } catch {
    return false;
  }
}

const command = process.argv[2];
if (command === "start") {
  mkdirSync(dirname(state), { recursive: true });
  writeFileSync(state, JSON.stringify({ temp, entries: readdirSync(temp) }));
} else if (command === "check") {
  if (!existsSync(state)) {
    console.error(`temp-leftovers: no note of the temp directory before the suite (${state}): run "start" first.`);
    process.exit(2);
  }
  const before = new Set(JSON.parse(readFileSync(state, "utf8")).entries);
  const left = readdirSync(temp)
    .filter((name) => !before.has(name) && madeBySuite(name))
    .sort();
  if (left.length > 0) {
    console.error(`The test suite left ${left.length} file(s) or folder(s) in ${temp}:\n${left.map((name) => `  ${name}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`temp directory: nothing left behind (${temp})`);
} else {
  console.error("usage: node scripts/temp-leftovers.mjs start|check");
  process.exit(2);
}
