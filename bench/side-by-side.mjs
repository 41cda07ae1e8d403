// Times two ways of doing the same work, round by round, for the provider benchmarks.
import { median } from "./instant-agent.mjs";

/**
 * Runs `raw()` and `adapter()` (each resolves with its elapsed ms) after `warmup`
 * rounds, for `rounds` rounds, alternating which goes first so warm-up and GC favour
 * neither. Returns µs per chunk of each (medians) and the overhead: the median of the
 * per-round ratios, since a round's two runs are back to back and share the machine's load.
 */
export async function sideBySide({ raw, adapter, chunks, rounds = 21, warmup = 3 }) {
  for (let i = 0; i < warmup; i++) {
    await raw();
    await adapter();
  }
  const rawMs = [];
  const adapterMs = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      rawMs.push(await raw());
      adapterMs.push(await adapter());
    } else {
      adapterMs.push(await adapter());
      rawMs.push(await raw());
    }
  }
  return {
    rawUsPerChunk: (median(rawMs) * 1000) / chunks,
    adapterUsPerChunk: (median(adapterMs) * 1000) / chunks,
    overheadPercent: (median(adapterMs.map((ms, i) => ms / rawMs[i])) - 1) * 100,
  };
}
