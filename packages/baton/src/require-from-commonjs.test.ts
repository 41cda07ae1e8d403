import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Baton ships ESM only. Node ≥ 20.19 loads ESM from `require()` as long as no module
 * in the graph uses top-level `await`; this keeps CommonJS applications able to use
 * every package (the umbrella is built after its tests run, so its dependencies are
 * what is checked here, from a real CommonJS process).
 */
describe("CommonJS applications", () => {
  it("can require() every package the umbrella is made of, zod tools included", () => {
    const script = `
      const core = require("@baton/core");
      const loop = require("@baton/loop");
      const tools = require("@baton/tools");
      const testing = require("@baton/testing");
      const { z } = require("zod");
      const tool = tools.defineTool({ name: "t", description: "T.", parameters: z.object({ q: z.string().describe("query") }), execute: () => 1 });
      process.stdout.write(JSON.stringify({
        core: typeof core.BatonError, loop: typeof loop.run, testing: typeof testing.scriptedModel, schema: tool.parameters,
      }));`;
    const output = execFileSync(process.execPath, ["-e", script], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(JSON.parse(output)).toEqual({
      core: "function",
      loop: "function",
      testing: "function",
      schema: { type: "object", properties: { q: { type: "string", description: "query" } }, required: ["q"] },
    });
  }, 60_000); // a child process loading every package: slow on a loaded 2-core machine
});
