import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as providerKit from "../src/provider-kit/index.js";
import * as toolAccess from "../src/tool-access/index.js";

/**
 * The root of `@baton/core` holds the contracts and the small helpers applications
 * call. Applying a `ToolAccess` (for agent factories) lives in `@baton/core/tool-access`;
 * the helpers only provider adapters call live in `@baton/core/provider-kit`.
 */
const TOOL_ACCESS = ["checkToolAccess", "restrictsTools", "toolsAllowedBy"] as const;
const PROVIDER_KIT = ["RETRY_POLICY_RULES", "modelInfo", "providerCallId"] as const;

describe("@baton/core/tool-access", () => {
  it("exports the functions that apply a ToolAccess, and the root does not", () => {
    const rootNames = new Set(Object.keys(root));
    expect(TOOL_ACCESS.filter((name) => typeof toolAccess[name] !== "function")).toEqual([]);
    expect(TOOL_ACCESS.filter((name) => rootNames.has(name))).toEqual([]);
  });

  it("leaves the contract at the root: TOOL_PRESETS and inToolPreset", () => {
    expect(root.TOOL_PRESETS).toEqual(["readonly", "readwrite", "full"]);
    expect(root.inToolPreset("readonly", "readwrite")).toBe(true);
  });

  it("is a subpath of the package, built to dist/tool-access", async () => {
    const manifest = (await import("../package.json", { with: { type: "json" } })).default as unknown as { exports: Record<string, unknown> };
    expect(manifest.exports["./tool-access"]).toMatchObject({ types: "./dist/tool-access/index.d.ts", import: "./dist/tool-access/index.js" });
  });
});

describe("@baton/core/provider-kit", () => {
  it("exports the retry option's rules, catalog entries and provider call ids, and the root does not", () => {
    const rootNames = new Set(Object.keys(root));
    expect(PROVIDER_KIT.filter((name) => !(name in providerKit))).toEqual([]);
    expect(PROVIDER_KIT.filter((name) => rootNames.has(name))).toEqual([]);
  });

  it("gives the same values as before the move", () => {
    expect(Object.keys(providerKit.RETRY_POLICY_RULES).sort()).toEqual(["initialDelayMs", "jitter", "maxDelayMs", "maxRetries", "maxRetryAfterMs"]);
    expect(providerKit.modelInfo("m", 1000, 100, 1, 2)).toEqual({
      id: "m",
      contextWindow: 1000,
      maxOutputTokens: 100,
      pricing: { inputPerMillion: 1, outputPerMillion: 2 },
    });
    expect(providerKit.providerCallId({ type: "tool-call", toolCallId: "call_1~2", providerToolCallId: "call_1", toolName: "t", arguments: {} })).toBe(
      "call_1",
    );
  });
});
