import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The tests start the built command as child processes: one file at a time keeps them off each other's CPU.
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
