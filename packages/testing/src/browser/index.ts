/**
 * `@baton/testing/browser`: the global setup of test suites that drive a headless
 * Chromium (Debian's, installed by the repository's `scripts/ensure-chromium.mjs`).
 * @packageDocumentation
 */
export { provideChromium, type ChromiumSetupOptions, type ChromiumSetupProject } from "./provide-chromium.js";
