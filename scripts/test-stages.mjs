#!/usr/bin/env node
// Runs the test suite's stages after the install (`npm test` calls it), ordered so that
// the longest chain of work starts first:
//
// 1. every package's build (`turbo run build`), alone: no test competes with it for the CPU;
// 2. two chains at once:
//    - the release test (`@baton/release-tests`: it publishes every package, then
//      installs fresh projects, the longest single task of the suite), started at once;
//    - beside it, the typecheck and tests of every other project in two steps:
//      a. the suites that time real faults, browsers or processes (the browser and fault
//         tests, the CLI's and MCP's processes, the queue, the API reference, any suite
//         not named in BESIDE_CHAOS);
//      b. once those have passed, the chaos suite (`@baton/chaos-tests`), beside the
//         suites of BESIDE_CHAOS, whose tests only compute (no timed fault, browser or
//         child process of their own), one task fewer at a time so that the machine is
//         no busier than in step a. The chaos suite's faults are timed, and so are the
//         suites of step a: the two do not overlap. The chaos suite mostly waits (about a
//         third of one core), so beside step b it costs the chain little of its 80 s.
//      The release test, whose waits are long, runs beside both steps.
//
// The runs after the build use `--only`: the builds their tasks depend on are done
// (stage 1), and turbo would otherwise replay each one from its cache, writing every
// `dist/` file again while the other chain's tests read it. They also use `--continue`:
// a failing task does not stop the others (turbo would kill them mid-test, hiding their
// results and leaving their temporary folders behind), so one run reports every failure.
//
// The other suites run at most OTHERS_AT_ONCE tasks at a time (turbo's default is 10): on
// a machine of two cores, ten suites at once beside the release test left each of them
// a tenth of a core or less, enough for a vitest worker to miss its own 60 s heartbeat
// and for a TypeScript program built in a test's setup to outlast its hook's timeout,
// while the suite as a whole was no faster (its work is mostly CPU). Set
// BATON_TEST_CONCURRENCY to change it on a larger machine.
//
// Both chains of stage 2 go to their end (every failure is printed; the chaos suite is
// skipped when the suites of step a failed), and the run fails when either does; a
// failed run ends by listing the failed tests and their errors. Exits
// with the build's code when it failed, else the first failing run's.
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

/**
 * Prints the suite's summary (scripts/test-summary.mjs: each failed test and its error,
 * then the counts) after a failed run, whose log would otherwise end with the output of
 * whichever task finished last rather than with what failed.
 */
function printSummary() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "scripts", "test-summary.mjs")], { cwd: root, stdio: "inherit" });
    child.once("error", (error) => {
      console.error(`test-stages: the summary did not run: ${error.message}`);
      resolve();
    });
    child.once("close", () => resolve());
  });
}

/** How many typecheck and test tasks of the other suites run at once. */
const OTHERS_AT_ONCE = Number(process.env.BATON_TEST_CONCURRENCY) || 4;

/**
 * The suites that run beside the chaos suite (step b): their tests compute and assert,
 * with no timed fault, browser or child process of their own. A suite not named here
 * runs before the chaos suite (step a).
 */
const BESIDE_CHAOS = [
  "@baton/agents",
  "@baton/anthropic",
  "@baton/core",
  "@baton/google",
  "@baton/openai",
  "@baton/otel",
  "@baton/sdk",
  "@baton/size-tests",
  "@baton/storage-memory",
  "@baton/storage-sqlite",
  "@baton/tokens",
  "@baton/tools",
  "baton-lint",
  "research-assistant",
];

/** Typechecks and tests the projects `filters` select, `atOnce` tasks at a time (the builds are done); resolves with turbo's exit code. */
function checkProjects(atOnce, ...filters) {
  return turbo(["run", "typecheck", "test", "--only", "--continue", `--concurrency=${atOnce}`, ...filters.map((filter) => `--filter=${filter}`)]);
}

/**
 * The other suites: those that time faults, browsers or processes (step a), then the
 * suites of BESIDE_CHAOS beside the chaos suite (step b; the chaos suite only when step
 * a passed). Resolves with the first failing run's code, or 0.
 */
async function othersThenChaos() {
  const timed = await checkProjects(OTHERS_AT_ONCE, `!${RELEASE}`, `!${CHAOS}`, ...BESIDE_CHAOS.map((name) => `!${name}`));
  if (timed !== 0) console.error("test-stages: the chaos suite is skipped, as the suites before it failed.");
  const [computing, chaos] = await Promise.all([
    checkProjects(Math.max(1, OTHERS_AT_ONCE - 1), ...BESIDE_CHAOS),
    timed === 0 ? checkProjects(2, CHAOS) : Promise.resolve(0),
  ]);
  return timed || computing || chaos;
}

const build = await turbo(["run", "build"]);
if (build !== 0) process.exit(build);
const [release, rest] = await Promise.all([checkProjects(2, RELEASE), othersThenChaos()]);
if (release || rest) await printSummary();
process.exit(release || rest);
