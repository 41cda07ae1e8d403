import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Makes sure Chromium is there (installs Debian's package when root) before the end-to-end tests.
    globalSetup: ["./test/global-setup.ts"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
