// CPU time by function and by package: V8's sampling CPU profiler (the profile
// `node --cpu-prof` writes, taken here through the inspector so that only the measured
// runs are in it), each sample's time given to the function on top of the stack.
import { tallyByLocation } from "./source-locations.mjs";

/** Sampling period of the CPU profiler, µs (V8's default is 1,000). */
const SAMPLING_INTERVAL_US = 50;

/**
 * Profiles `work()` (which resolves with the number of runs it made) and returns the
 * self time of every function and package, in µs per run, plus the wall time per run.
 */
export async function profileCpu(session, work) {
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await session.post("Profiler.start");
  const started = performance.now();
  const runs = await work();
  const wallUs = (performance.now() - started) * 1000;
  const { profile } = await session.post("Profiler.stop");
  await session.post("Profiler.disable");
  return { runs, wallUsPerRun: wallUs / runs, ...selfTimes(profile, runs) };
}

/** Self time per function and per package of a V8 CPU profile, divided by `runs`. */
function selfTimes(profile, runs) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map(); // node id → µs
  // A sample's time is the gap to the next sample (the last one gets none).
  for (let i = 0; i < profile.samples.length - 1; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + profile.timeDeltas[i + 1]);
  }
  const tally = tallyByLocation();
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName !== "(idle)") tally.add(callFrame, us);
  }
  const { total, functions, packages } = tally.perRun(runs, "usPerRun");
  return { cpuUsPerRun: total, functions, packages };
}
