import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as providerKit from "../src/provider-kit/index.js";
import * as secrets from "../src/secrets/index.js";

/**
 * Keeping passwords out of driver errors, which the Redis storage, the queue and the
 * PostgreSQL storage share, lives in `@baton/core/secrets`, not at the root of
 * `@baton/core` (the contracts): an application that only runs agents never loads it.
 */
const SECRETS = ["REDACTED", "MIN_SEARCHED_SECRET_LENGTH", "passwordVariants", "redactError", "redactText", "urlPassword"] as const;

describe("@baton/core/secrets", () => {
  it("exports the redaction of passwords, and the root does not", () => {
    expect(Object.keys(secrets).sort()).toEqual([...SECRETS].sort());
    const rootNames = new Set(Object.keys(root));
    expect(SECRETS.filter((name) => rootNames.has(name))).toEqual([]);
  });

  it("replaces a secret with the same *** as the provider kit's redaction of API keys", () => {
    expect(secrets.REDACTED).toBe(providerKit.REDACTED);
  });

  it("is a subpath of the package, built to dist/secrets", async () => {
    const manifest = (await import("../package.json", { with: { type: "json" } })).default as unknown as { exports: Record<string, unknown> };
    expect(manifest.exports["./secrets"]).toMatchObject({ types: "./dist/secrets/index.d.ts", import: "./dist/secrets/index.js" });
  });
});
