// Bytes allocated by function and by package: V8's sampling heap profiler with the
// objects that a minor or major GC already collected kept in the profile, so the
// figures are every allocation of the runs (what the collector has to deal with), not
// only what survives.
import { tallyByLocation } from "./source-locations.mjs";

/** Average bytes between two allocation samples (V8's default is 32 KiB). */
const SAMPLING_INTERVAL_BYTES = 64;

/** Profiles `work()` (which resolves with the number of runs it made): bytes per run by function and by package. */
export async function profileAllocations(session, work) {
  await session.post("HeapProfiler.enable");
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: SAMPLING_INTERVAL_BYTES,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const runs = await work();
  const { profile } = await session.post("HeapProfiler.stopSampling");
  await session.post("HeapProfiler.disable");
  const tally = tallyByLocation();
  const visit = (node) => {
    if (node.selfSize > 0) tally.add(node.callFrame, node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const { total, functions, packages } = tally.perRun(runs, "bytesPerRun");
  return { runs, bytesPerRun: total, functions, packages };
}
