import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatonError, type ToolExecutionContext } from "@baton/core";
import { scriptedModel, testToolContext } from "@baton/testing";
import { defineAgent, SUB_AGENT_FAILED } from "../../src/multi-agent/index.js";

/**
 * An app can hold two copies of `@baton/core`: the loop that runs a nested agent may
 * reject with a Baton error made by the other copy. Agents as tools still read its
 * code (`isBatonError`, not `instanceof`). The other copy is core's built package
 * copied into another `node_modules`, as a second install would be.
 */
type Core = typeof import("@baton/core");
let folder: string;
let other: Core;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "baton-core-copy-"));
  const installed = join(folder, "node_modules", "@baton", "core");
  cpSync(new URL("../../../core/dist", import.meta.url), join(installed, "dist"), { recursive: true, filter: (source) => !source.endsWith(".map") });
  writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "@baton/core", type: "module" }));
  other = (await import(pathToFileURL(join(installed, "dist", "index.js")).href)) as Core;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a sub-agent that cannot start because of a Baton error of another copy of @baton/core", () => {
  it("fails the tool call with SUB_AGENT_FAILED naming the cause's code, and records the error", async () => {
    expect(new other.MaxDepthExceededError("main", 1) instanceof BatonError).toBe(false);
    const leaf = defineAgent({ name: "leaf", description: "A leaf.", instructions: "Leaf.", provider: scriptedModel(["never asked"]) });
    const runSubAgent = (() => Promise.reject(new other.MaxDepthExceededError("main", 1))) as ToolExecutionContext["runSubAgent"];
    const ctx = testToolContext({ toolName: "leaf", runSubAgent });
    const failure = await Promise.resolve(leaf.asTool().execute({ input: "go" }, ctx)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      code: SUB_AGENT_FAILED,
      message: expect.stringContaining('Agent "leaf" could not start (MAX_DEPTH_EXCEEDED)'),
      details: { agent: "leaf", causeCode: "MAX_DEPTH_EXCEEDED" },
    });
    expect(ctx.metadata.error).toMatchObject({ code: SUB_AGENT_FAILED, details: { causeCode: "MAX_DEPTH_EXCEEDED" } });
  });
});
