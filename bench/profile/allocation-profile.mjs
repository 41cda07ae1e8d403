// Bytes allocated by function and by package: V8's sampling heap profiler with the
// objects that a minor or major GC already collected kept in the profile, so the
// figures are every allocation of the runs (what the collector has to deal with), not
// only what survives.
import { locate } from "./source-locations.mjs";

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
  const functions = new Map();
  const packages = new Map();
  let total = 0;
  const visit = (node) => {
    if (node.selfSize > 0) {
      const { callFrame } = node;
      const { where, package: pkg } = locate(callFrame);
      const key = `${callFrame.functionName || "(anonymous)"}\u0000${where}`;
      const row = functions.get(key) ?? { function: callFrame.functionName || "(anonymous)", where, package: pkg, bytes: 0 };
      row.bytes += node.selfSize;
      functions.set(key, row);
      packages.set(pkg, (packages.get(pkg) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  return {
    runs,
    bytesPerRun: total / runs,
    functions: [...functions.values()].map(({ bytes, ...row }) => ({ ...row, bytesPerRun: bytes / runs })).sort((a, b) => b.bytesPerRun - a.bytesPerRun),
    packages: [...packages].map(([name, bytes]) => ({ package: name, bytesPerRun: bytes / runs })).sort((a, b) => b.bytesPerRun - a.bytesPerRun),
  };
}
