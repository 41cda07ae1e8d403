import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatonError, type ContextEngine, type ContextEngineInput, type Message, type ModelProvider } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

/**
 * An app can hold two copies of `@baton/core` (two versions installed, or one bundled
 * twice): a tool, a hook or a provider may throw a Baton error made by the other copy.
 * The loop still handles it as a Baton error (its code is kept), because it tests the
 * kind by the error's registered-symbol markers, not with `instanceof`.
 *
 * The second copy is core's built package copied into another `node_modules`, as a
 * second install would be: loading `../../core/dist/index.js?copy=2` is not enough here,
 * because the test runner loads the built package (which the loop imports) natively
 * and drops the query, so it would hand back the loop's own copy.
 */
type Core = typeof import("@baton/core");
let folder: string;
let other: Core;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "baton-core-copy-"));
  const installed = join(folder, "node_modules", "@baton", "core");
  cpSync(new URL("../../core/dist", import.meta.url), join(installed, "dist"), { recursive: true });
  writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "@baton/core", type: "module" }));
  other = (await import(pathToFileURL(join(installed, "dist", "index.js")).href)) as Core;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("Baton errors made by another copy of @baton/core", () => {
  it("come from classes that are not the loop's (the premise of the tests below)", async () => {
    expect(other.BatonError).not.toBe(BatonError);
    expect(new other.StorageConflictError('conversation "c1"', 1, 2) instanceof BatonError).toBe(false);
  });

  it("thrown by a tool: the call fails with the error's own code, which the model reads in the tool result", async () => {
    const tool = fakeTool({ name: "save", error: new other.StorageConflictError('conversation "c1"', 1, 2) });
    const model = scriptedModel([{ toolCalls: [{ name: "save", arguments: {} }] }, "could not save"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls[0]).toMatchObject({ status: "error", error: { code: "STORAGE_CONFLICT" } });
    const sent = model.requests[1]!.messages.at(-1)!.content[0] as { isError: boolean; result: string };
    expect(sent.isError).toBe(true);
    expect(sent.result).toContain("STORAGE_CONFLICT");
    expect(sent.result).not.toContain("TOOL_EXECUTION_FAILED");
  });

  it("thrown by a tool with a message past maxToolErrorLength: cut, with the code kept", async () => {
    const tool = fakeTool({ name: "save", error: new other.BatonError("STORAGE_ERROR", "y".repeat(500)) });
    const provider = scriptedModel([{ toolCalls: [{ name: "save", arguments: {} }] }, "ok"]);
    const result = await run({ provider, model: "m", input: "x", tools: [tool], maxToolErrorLength: 100 });
    expect(result.toolCalls[0]!.error).toMatchObject({ code: "STORAGE_ERROR" });
    expect(result.toolCalls[0]!.error!.message.length).toBe(100);
  });

  it("thrown by a hook: the run ends with that error and its code, not wrapped as HOOK_FAILED", async () => {
    const result = await run({
      provider: scriptedModel(["never sent"]),
      model: "m",
      input: "x",
      config: {
        prepareStep: () => {
          throw new other.ConfigurationError("prepareStep: no model for this step");
        },
      },
    });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "INVALID_CONFIGURATION", message: "prepareStep: no model for this step" });
  });

  it("thrown by the provider as a context-length error: recognised by its class, so the context engine trims and the call is made again", async () => {
    let calls = 0;
    const model: ModelProvider = {
      id: "small",
      async *stream(request: { messages: readonly Message[] }) {
        calls++;
        if (request.messages.length > 1) {
          throw new other.ContextLengthExceededError("maximum context length is 4096 tokens", { provider: "small", status: 400 });
        }
        yield { type: "text-delta" as const, text: "fits" };
        yield { type: "finish" as const, reason: "stop" as const };
      },
    };
    const engine: ContextEngine = {
      async prepare(input: ContextEngineInput) {
        return input.contextLimit >= 5_000 ? { inLoop: input.inLoop } : { inLoop: input.inLoop, messages: [input.messages.at(-1)!] };
      },
    };
    const input: Message[] = [
      { role: "user", content: [{ type: "text", text: "one" }] },
      { role: "assistant", content: [{ type: "text", text: "1" }] },
      { role: "user", content: [{ type: "text", text: "two" }] },
    ];
    const result = await run({ provider: model, model: "m", input, contextEngine: engine, contextLimit: 100_000 });
    expect([result.stopReason, result.text, calls]).toEqual(["completed", "fits", 2]);
  });
});
