import { defineConfig } from "vitest/config";

// In-process trials of a kind run five at a time, the files of four kinds at once: a trial
// mostly waits (for its faults, leases and restarts), and the suite alone uses about a
// third of one core at that (30 CPU-seconds in 55 s; 128 s at three and two).
export default defineConfig({
  test: {
    maxConcurrency: 5,
    // A trial settles within its bound or fails with a violation that says so; this is the last resort.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 4, minForks: 1 } },
  },
});
