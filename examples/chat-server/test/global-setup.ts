import { fileURLToPath } from "node:url";
import { provideChromium } from "@baton/testing/browser";
import type { TestProject } from "vitest/node";

/** Finds (or installs) Chromium once before the tests and hands its path to them (`inject("chromiumPath")`). */
export default function setup(project: TestProject): void {
  provideChromium(project, { script: fileURLToPath(new URL("../../../scripts/ensure-chromium.mjs", import.meta.url)), suite: "test/e2e.test.ts" });
}
