import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as kit from "../src/storage-kit/index.js";

/**
 * The storage adapters' runtime lives in `@baton/core/storage-kit`, not at the root of
 * `@baton/core` (the contracts): an application that only runs agents never loads it.
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
  it("exports the record checks, and the root does not", () => {
    const rootNames = new Set(Object.keys(root));
    expect(MOVED.filter((name) => typeof kit[name] !== "function")).toEqual([]);
    expect(MOVED.filter((name) => rootNames.has(name))).toEqual([]);
  });

  it("the root does not export the kit's code (adapter pieces, data policies on a storage, stored message conversions)", () => {
    const rootNames = new Set(Object.keys(root));
    expect(
      [
        "defineStorage",
        "STORAGE_OPERATION_NAMES",
        "RECORD_NAMES",
        "readCheckpoint",
        "schemaStatusOf",
        "latestSchemaVersion",
        "withDataPolicy",
        "toConversationMessages",
        "toModelMessages",
        "loadConversationHistory",
        "toolArchiveOf",
      ].filter((name) => rootNames.has(name)),
    ).toEqual([]);
  });

  it("is a subpath of the package, built to dist/storage-kit", async () => {
    const manifest = (await import("../package.json", { with: { type: "json" } })).default as unknown as { exports: Record<string, unknown> };
    expect(manifest.exports["./storage-kit"]).toMatchObject({ types: "./dist/storage-kit/index.d.ts", import: "./dist/storage-kit/index.js" });
  });
});
