#!/usr/bin/env node
// Runs the test suite's stages after the install (`npm test` calls it), ordered so that
// the longest chain of work starts first:
//
// 1. every package's build (`turbo run build`), alone: no test competes with it for the CPU;
// 2. the release test (`@baton/release-tests`: it publishes every package, then installs
//    fresh projects one after another, the longest single task of the suite), started at
//    once, beside the typecheck and tests of every other project (two turbo runs at the
//    same time; the builds they depend on come from turbo's cache);
// 3. the chaos suite (`@baton/chaos-tests`), last and alone: its faults are timed, and
//    a machine busy with other suites would blur them.
//
// Stages 2 and 3 run with `--only`: the builds their tasks depend on are done (stage 1),
// and turbo would otherwise replay each one from its cache, writing every `dist/` file
// again while the other run's tests read it.
//
// A stage starts only when the one before passed; in stage 2 both runs go to their end
// (every failure is printed), and the stage fails when either does. Exits with the
// first failing stage's code.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pnpm = join(root, "scripts", "pnpm.mjs");
const RELEASE = "@baton/release-tests";
const CHAOS = "@baton/chaos-tests";

/** Runs `turbo <args>` through the pinned pnpm in the repository's root; resolves with its exit code. */
function turbo(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [pnpm, "exec", "turbo", ...args], { cwd: root, stdio: "inherit" });
    child.once("error", reject);
    child.once("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const build = await turbo(["run", "build"]);
if (build !== 0) process.exit(build);
const [release, others] = await Promise.all([
  turbo(["run", "typecheck", "test", "--only", `--filter=${RELEASE}`]),
  turbo(["run", "typecheck", "test", "--only", `--filter=!${RELEASE}`, `--filter=!${CHAOS}`]),
]);
if (release !== 0 || others !== 0) process.exit(release || others);
process.exit(await turbo(["run", "typecheck", "test", "--only", `--filter=${CHAOS}`]));
