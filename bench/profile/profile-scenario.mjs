// Profiles one scenario of scenarios.mjs in this process and prints one JSON line:
// wall and CPU time per run by function and package, bytes allocated per run by
// function and package, and (for a scenario with gated runs) what the runs in flight
// hold by object kind. bench/profile/run.mjs starts it, once per scenario.
//
//   node --expose-gc bench/profile/profile-scenario.mjs <scenario> [--seconds S]
import { Session } from "node:inspector/promises";
import { profileAllocations } from "./allocation-profile.mjs";
import { profileCpu } from "./cpu-profile.mjs";
import { heldByKind, objectIds, takeHeapSnapshot } from "./held-objects.mjs";
import { SCENARIOS } from "./scenarios.mjs";

const name = process.argv[2];
const secondsFlag = process.argv.indexOf("--seconds");
const seconds = secondsFlag > 0 ? Number(process.argv[secondsFlag + 1]) : 2;
const scenario = SCENARIOS[name];
if (!scenario) throw new Error(`unknown scenario ${name}: ${Object.keys(SCENARIOS).join(", ")}`);
if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");

const { once, runsPerCall } = scenario.start();
/** Calls `once` for at least `ms` (and 3 times); resolves with the runs made. */
async function repeat(ms) {
  const end = performance.now() + ms;
  let calls = 0;
  for (; calls < 3 || performance.now() < end; calls++) await once();
  return calls * runsPerCall;
}

await repeat(1000); // JIT warm-up
const session = new Session();
session.connect();
globalThis.gc();
const cpu = await profileCpu(session, () => repeat(seconds * 1000));
globalThis.gc();
const allocations = await profileAllocations(session, () => repeat((seconds * 1000) / 2));

let held;
if (scenario.startGated) {
  const gated = scenario.startGated();
  globalThis.gc();
  globalThis.gc();
  const before = objectIds(await takeHeapSnapshot(session));
  const pending = Array.from({ length: gated.runs }, gated.one);
  await gated.waiting;
  globalThis.gc();
  globalThis.gc();
  held = heldByKind(await takeHeapSnapshot(session), before, gated.runs);
  gated.release();
  await Promise.all(pending);
}
session.disconnect();

console.log(
  JSON.stringify({ scenario: name, description: scenario.description, unit: scenario.unit, unitsPerRun: scenario.unitsPerRun, cpu, allocations, held }),
);
