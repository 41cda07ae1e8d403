import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as kit from "../src/storage-kit/index.js";

/**
 * The storage adapters' runtime lives in `@baton/core/storage-kit`; the record checks
 * the root of `@baton/core` exported before stay there, as the same functions, for one
 * release.
 */
const MOVED = [
  "checkConversationMessage",
  "checkConversationParts",
  "checkMessages",
  "checkRunCheckpoint",
  "checkSummary",
  "checkToolOutput",
  "checkUsageRecord",
  "parseStoredJson",
  "storedToolOutput",
] as const;

describe("@baton/core/storage-kit", () => {
  it("the root still exports each moved function, as the same function", () => {
    expect(MOVED.map((name) => [name, root[name] === kit[name]])).toEqual(MOVED.map((name) => [name, true]));
  });

  it("the root does not export what is new in the kit", () => {
    const rootNames = new Set(Object.keys(root));
    expect(
      ["defineStorage", "STORAGE_OPERATION_NAMES", "RECORD_NAMES", "readCheckpoint", "schemaStatusOf", "latestSchemaVersion"].filter((name) =>
        rootNames.has(name),
      ),
    ).toEqual([]);
  });

  it("is a subpath of the package, built to dist/storage-kit", async () => {
    const manifest = (await import("../package.json", { with: { type: "json" } })).default as unknown as { exports: Record<string, unknown> };
    expect(manifest.exports["./storage-kit"]).toMatchObject({ types: "./dist/storage-kit/index.d.ts", import: "./dist/storage-kit/index.js" });
  });
});
