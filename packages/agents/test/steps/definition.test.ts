import { describe, expect, it } from "vitest";
import { type BatonError, ConfigurationError } from "@baton/core";
import { createMemoryStorage } from "@baton/storage-memory";
import { OrchestrationDefinitionError, createOrchestration, parseOrchestrationDefinition } from "../../src/steps/index.js";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { tools } from "./helpers.js";

function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OrchestrationDefinitionError);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as BatonError).code).toBe("INVALID_CONFIGURATION");
    return (error as OrchestrationDefinitionError).issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message));
  }
  throw new Error("expected the definition to be rejected");
}

describe("orchestration definitions", () => {
  it("accepts a valid definition and returns it typed", () => {
    const definition = parseOrchestrationDefinition({
      description: "research then write",
      steps: [
        { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "read"] }], allowedTools: ["write"] },
        { name: "research", isDefault: true, sequence: ["search", "read"], deniedTools: ["write"] },
      ],
    });
    expect(definition.steps.map((step) => step.name)).toStrictEqual(["write", "research"]);
  });

  it("names the path of a bad condition type", () => {
    const issues = issuesOf(() =>
      createOrchestration({
        steps: [
          { name: "a", isDefault: true },
          { name: "b", conditions: [{ type: "tool_was_used", tool: "x" }] },
        ],
      }),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^steps\[1\]\.conditions\[0\]\.type: /);
    expect(issues[0]).toContain("tool_used");
  });

  it("lists every schema problem: missing fields, wrong types, unknown keys, empty sequences", () => {
    const issues = issuesOf(() =>
      parseOrchestrationDefinition({
        steps: [
          { name: 3, isDefault: true },
          { name: "b", conditions: [{ type: "tool_used" }], allowed: ["x"] },
          { name: "c", conditions: [{ type: "sequence_match", sequence: [] }], sequence: [] },
        ],
      }),
    );
    expect(issues.map((issue) => issue.split(":")[0])).toStrictEqual([
      "steps[0].name",
      "steps[1].conditions[0].tool",
      "steps[1]",
      "steps[2].conditions[0].sequence",
      "steps[2].sequence",
    ]);
    expect(issues[2]).toContain('"allowed"');
  });

  it("rejects what the schema cannot see: duplicate names, two defaults, unreachable steps, unknown predicates, denied sequence tools", () => {
    const issues = issuesOf(() =>
      createOrchestration(
        {
          steps: [
            { name: "a", isDefault: true, sequence: ["search"], deniedTools: ["search"] },
            { name: "a", conditions: [{ type: "custom", predicate: "ready" }] },
            { name: "c", isDefault: true },
            { name: "d" },
          ],
        },
        { predicates: { done: () => true } },
      ),
    );
    expect(issues).toStrictEqual([
      'steps[0].sequence[0]: "search" is in the step\'s deniedTools',
      'steps[1].name: duplicate step name "a" (also steps[0])',
      'steps[1].conditions[0].predicate: unknown predicate "ready" (known: done)',
      "steps[2].isDefault: only one step may be the default (steps[0] already is)",
      "steps[3].conditions: a step that is not the default needs at least one condition, or it can never become active",
    ]);
  });

  it("rejects a definition that is not an object, or has no steps", () => {
    expect(issuesOf(() => parseOrchestrationDefinition(null))[0]).toMatch(/^Invalid input: expected object/);
    expect(issuesOf(() => parseOrchestrationDefinition({ steps: [] }))).toStrictEqual(["steps: an orchestration needs at least one step"]);
  });

  it("puts every issue in the error message", () => {
    expect(() => parseOrchestrationDefinition({ steps: [{ name: "" }] })).toThrow(
      /Invalid orchestration definition:\n- steps\[0\]\.name: a step name must not be empty/,
    );
  });

  it("fails a run whose tools the definition names wrongly, before its first model call", async () => {
    const orchestration = createOrchestration({
      steps: [
        { name: "w", conditions: [{ type: "tool_used", tool: "serch" }], allowedTools: ["write"] },
        { name: "r", isDefault: true, sequence: ["search", "raed"] },
      ],
    });
    const model = scriptedModel(["never"]);
    const result = await run({ provider: model, model: "m", input: "go", tools: tools("search", "read"), config: orchestration.config });
    expect(result.stopReason).toBe("error");
    expect(result.error?.code).toBe(new OrchestrationDefinitionError([]).code);
    expect(model.requests).toHaveLength(0);
    const message = result.error!.message;
    for (const path of ["steps[0].allowedTools[0]", "steps[0].conditions[0].tool", "steps[1].sequence[1]"]) expect(message).toContain(path);
  });

  it("checks its options", () => {
    const definition = { steps: [{ name: "a", isDefault: true }] };
    expect(() => createOrchestration(definition, { store: createMemoryStorage() })).toThrow(/needs a "sessionId"/);
    expect(() => createOrchestration(definition, { sessionId: "" })).toThrow(/"sessionId" must be a non-empty string/);
    expect(() => createOrchestration(definition, { historyLimit: 0 })).toThrow(ConfigurationError);
  });
});

describe("AgentDock's orchestration JSON, as written", () => {
  // The shape of an AgentDock template's `orchestration` block.
  const agentDock = {
    description: "Guides the agent to select a mode based on the query.",
    steps: [
      {
        name: "CreativeMode",
        description: "No searching.",
        conditions: [{ type: "tool_used", value: "brainstorm" }],
        availableTools: { allowed: ["think", "brainstorm"], denied: ["search"] },
      },
      { name: "AnalysisMode", description: "After a search.", conditions: [{ type: "tool_used", value: "search" }] },
      {
        name: "ResearchMode",
        description: "Search, think, reflect.",
        isDefault: true,
        sequence: ["search", "think", "reflect"],
        conditions: [{ type: "sequence_match" }],
      },
    ],
  };

  it("loads in Baton's names: availableTools → allowedTools/deniedTools, value → tool, a bare sequence_match → the step's sequence", () => {
    const parsed = parseOrchestrationDefinition(agentDock);
    expect(parsed.steps[0]).toEqual({
      name: "CreativeMode",
      description: "No searching.",
      conditions: [{ type: "tool_used", tool: "brainstorm" }],
      allowedTools: ["think", "brainstorm"],
      deniedTools: ["search"],
    });
    expect(parsed.steps[1]!.conditions).toEqual([{ type: "tool_used", tool: "search" }]);
    expect(parsed.steps[2]!.conditions).toEqual([{ type: "sequence_match", sequence: ["search", "think", "reflect"] }]);
  });

  it("steers a run like Baton's own names do", async () => {
    const orchestration = createOrchestration(agentDock);
    const model = scriptedModel([{ toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "think" }] }, { toolCalls: [{ name: "reflect" }] }, "ok"]);
    await run({ provider: model, model: "m", input: "go", tools: tools("search", "think", "reflect", "brainstorm"), config: orchestration.config });
    // The default step's sequence one tool at a time, then (search was used) AnalysisMode, which allows everything.
    expect(model.requests.map((request) => request.tools?.map((tool) => tool.name))).toEqual([
      ["search"],
      ["think"],
      ["reflect"],
      ["search", "think", "reflect", "brainstorm"],
    ]);
    expect(orchestration.state().activeStep).toBe("AnalysisMode");
  });

  it("refuses a step that names its tools both ways", () => {
    expect(() => parseOrchestrationDefinition({ steps: [{ name: "a", isDefault: true, availableTools: { allowed: ["x"] }, allowedTools: ["y"] }] })).toThrow(
      /steps\[0\]\.availableTools: use either availableTools or allowedTools\/deniedTools, not both/,
    );
  });
});
