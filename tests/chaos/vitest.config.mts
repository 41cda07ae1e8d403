import { defineConfig } from "vitest/config";

// In-process trials of a kind run three at a time; the files of two kinds at once.
export default defineConfig({
  test: {
    maxConcurrency: 3,
    // A trial settles within its bound or fails with a violation that says so; this is the last resort.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
