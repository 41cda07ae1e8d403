import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { parseApprovalState, resumeInput, withApprovals } from "../../src/approvals/index.js";
import { makeTools } from "./helpers.js";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
/** Every saved format version: each must keep loading in every later release. */
const files = readdirSync(FIXTURES).filter((name) => /^approval-state\.v\d+\.json$/.test(name)).sort();

describe("approval state fixtures (one per format version)", () => {
  it("has a fixture for version 1", () => {
    expect(files).toContain("approval-state.v1.json");
  });

  it.each(files)("%s loads and resumes", async (file) => {
    const state = parseApprovalState(readFileSync(join(FIXTURES, file), "utf8"));
    expect(state.version).toBe(1);
    expect(state.pendingCalls.map((call) => call.toolCallId)).toEqual(["call_del_1"]);
    const tools = makeTools();
    const model = scriptedModel(["Deleted report.txt."]);
    const input = await resumeInput(state, { call_del_1: { approve: true } }, tools.all);
    const result = await run({ provider: model, model: "m", instructions: "You manage files.", tools: tools.all, input, config: withApprovals({}, { needsApproval: ["delete_file"] }) });
    expect(tools.deleteFile.calls.map((call) => call.args)).toEqual([{ path: "report.txt" }]);
    expect(model.requests[0]!.messages.at(-1)).toEqual({
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "call_del_1", toolName: "delete_file", result: { deleted: "report.txt" } }],
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Deleted report.txt.");
  });
});
