import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Makes sure Chromium is there (installs Debian's package when root) before the browser tests.
    globalSetup: ["./test/global-setup.ts"],
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
