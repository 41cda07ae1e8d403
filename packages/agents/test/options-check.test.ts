import { describe, expect, it } from "vitest";
import { userMessage, type Tool } from "@baton/core";
import { createMemoryStorage } from "@baton/storage-memory";
import { expectUnknownOptionRejected, optionsError, scriptedModel } from "@baton/testing";
import { z } from "zod";
import {
  EMPTY_TODO_LIST,
  agentFromTemplate,
  applyTodoChange,
  approvals,
  createOrchestration,
  deepResearchSupervisorConfig,
  defineAgent,
  fewShot,
  loopDetection,
  mainThreadConfig,
  parseAgentTemplate,
  researcherConfig,
  researcherTool,
  shownToUser,
  structuredOutput,
  todoListTool,
  type TodoListArguments,
} from "../src/index.js";

/** A value of the wrong shape, typed to fit any parameter. */
const bad = (value: unknown): never => value as never;

/** Expects a wrong-type message naming the function, the key and what it must be. */
async function expectWrongType(name: string, key: string, expected: string, fn: () => unknown): Promise<void> {
  const error = await optionsError(fn);
  expect(error.message).toContain(`${name}(): option "${key}" must be ${expected}, got`);
  expect(error.message).toContain("Accepted options: ");
}

/** Expects a missing-required-option message. */
async function expectRequired(name: string, key: string, fn: () => unknown): Promise<void> {
  const error = await optionsError(fn);
  expect(error.message).toMatch(new RegExp(`^${name}\\(\\): (option "${key}" is required|options are missing; required option is "${key}")`));
}

const provider = scriptedModel(["ok"]);
const tool = (name: string): Tool => ({ name, description: `${name}.`, parameters: { type: "object", properties: {} }, execute: () => null });
const City = z.object({ city: z.string() });
const definition = { steps: [{ name: "a", isDefault: true }] };

describe("options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("approvals", async () => {
    await expectUnknownOptionRejected("approvals", "tools", ["needsApproval"], () => approvals(bad({ needsApproval: ["x"], tools: ["x"] })));
    await expectWrongType("approvals", "needsApproval", "an array of strings or a function", () => approvals(bad({ needsApproval: "delete_file" })));
    await expectRequired("approvals", "needsApproval", () => approvals(bad({})));
    expect(approvals({ needsApproval: ["delete_file"] }).beforeToolCalls).toBeTypeOf("function");
    expect(approvals({ needsApproval: () => false }).beforeToolCalls).toBeTypeOf("function");
  });

  it("structuredOutput", async () => {
    const accepted = ["maxRepairs", "addInstructions", "repairText"];
    await expectUnknownOptionRejected("structuredOutput", "retries", accepted, () => structuredOutput(City, bad({ retries: 2 })));
    await expectWrongType("structuredOutput", "maxRepairs", "a non-negative integer", () => structuredOutput(City, { maxRepairs: 1.5 }));
    await expectWrongType("structuredOutput", "addInstructions", "a boolean", () => structuredOutput(City, bad({ addInstructions: "no" })));
    expect(structuredOutput(City, { maxRepairs: 0, addInstructions: false, repairText: () => "again" }).prepareStep).toBeUndefined();
  });

  it("loopDetection", async () => {
    const accepted = ["window", "maxIdenticalCalls", "maxRepeatedText", "action", "resetAfterCleanTurn", "warningText"];
    await expectUnknownOptionRejected("loopDetection", "maxCalls", accepted, () => loopDetection(bad({ maxCalls: 3 })));
    await expectWrongType("loopDetection", "action", 'one of "warn", "terminate" or a function', () => loopDetection(bad({ action: "stop" })));
    await expectWrongType("loopDetection", "window", "a positive integer", () => loopDetection({ window: 0 }));
    await expectWrongType("loopDetection", "resetAfterCleanTurn", "a boolean", () => loopDetection(bad({ resetAfterCleanTurn: 1 })));
    expect(
      loopDetection({ window: 5, maxIdenticalCalls: 2, maxRepeatedText: 2, action: () => "warn", resetAfterCleanTurn: false, warningText: () => "stop" })
        .beforeToolCalls,
    ).toBeTypeOf("function");
  });

  it("fewShot", async () => {
    await expectUnknownOptionRejected("fewShot", "example", ["examples"], () => fewShot(bad({ example: {} })));
    await expectWrongType("fewShot", "examples", "an object", () => fewShot(bad({ examples: [] })));
    await expectRequired("fewShot", "examples", () => fewShot(bad({})));
    expect(fewShot({ examples: { "small-*": [userMessage("hi")] } }).prepareStep).toBeTypeOf("function");
  });

  it("shownToUser", async () => {
    const accepted = ["toolNames", "predicate", "note"];
    await expectUnknownOptionRejected("shownToUser", "tools", accepted, () => shownToUser(bad({ tools: ["chart"] })));
    await expectWrongType("shownToUser", "toolNames", "an array of strings", () => shownToUser(bad({ toolNames: "chart" })));
    await expectWrongType("shownToUser", "note", "a string", () => shownToUser(bad({ toolNames: ["chart"], note: 1 })));
    expect((await optionsError(() => shownToUser(bad({ note: "seen" })))).message).toContain('"toolNames" (a list of names) or "predicate"');
    expect((await optionsError(() => shownToUser(bad({ toolNames: ["a"], predicate: () => true })))).message).toContain("not both");
    expect(shownToUser({ toolNames: ["chart"], note: "Seen." }).afterToolBatch).toBeTypeOf("function");
    expect(shownToUser({ predicate: () => true }).afterToolBatch).toBeTypeOf("function");
    expect(shownToUser(bad({ toolNames: ["chart"], predicate: undefined })).afterToolBatch).toBeTypeOf("function");
  });

  it("todoListTool and applyTodoChange", async () => {
    await expectUnknownOptionRejected("todoListTool", "limit", ["maxItems", "selectionRule", "onPlanUpdated"], () => todoListTool(bad({ limit: 3 })));
    await expectWrongType("todoListTool", "maxItems", "a positive integer", () => todoListTool({ maxItems: 0 }));
    await expectWrongType("todoListTool", "onPlanUpdated", "a function", () => todoListTool(bad({ onPlanUpdated: true })));
    expect(todoListTool({ maxItems: 3, selectionRule: "Plan.", onPlanUpdated: () => undefined }).selectionRule).toBe("Plan.");

    const write: TodoListArguments = { operation: "write", expectedVersion: 0, items: [{ id: "1", title: "One", status: "pending" }] };
    await expectUnknownOptionRejected("applyTodoChange", "max", ["maxItems"], () => applyTodoChange(EMPTY_TODO_LIST, write, bad({ maxItems: 3, max: 3 })));
    await expectRequired("applyTodoChange", "maxItems", () => applyTodoChange(EMPTY_TODO_LIST, write, bad({})));
    expect(applyTodoChange(EMPTY_TODO_LIST, write, { maxItems: 3 }).version).toBe(1);
  });

  it("createOrchestration (its options; the definition is checked on its own)", async () => {
    const accepted = ["store", "sessionId", "predicates", "historyLimit", "stateKey"];
    await expectUnknownOptionRejected("createOrchestration", "session", accepted, () => createOrchestration(definition, bad({ session: "s1" })));
    await expectWrongType("createOrchestration", "store", "a SessionStore (an object with loadSessionState() and saveSessionState())", () =>
      createOrchestration(definition, bad({ store: new Map(), sessionId: "s1" })),
    );
    await expectWrongType("createOrchestration", "historyLimit", "a positive integer", () => createOrchestration(definition, { historyLimit: 0 }));
    expect(
      createOrchestration(definition, { store: createMemoryStorage(), sessionId: "s1", predicates: {}, historyLimit: 10, stateKey: "k" }).definition.steps,
    ).toHaveLength(1);
  });

  it("defineAgent, asTool and runOptions", async () => {
    const accepted = [
      "name",
      "description",
      "instructions",
      "tools",
      "config",
      "model",
      "provider",
      "handoffs",
      "toolCallLimit",
      "maxIterations",
      "maxHandoffs",
      "toolPreset",
      "allowedTools",
      "disallowedTools",
    ];
    const base = { name: "helper", description: "Helps.", instructions: "Help." };
    // A typo in a hand-written definition is an error, not a silently empty setting.
    await expectUnknownOptionRejected("defineAgent", "instruction", accepted, () =>
      defineAgent(bad({ name: "helper", description: "Helps.", instruction: "Help." })),
    );
    await expectUnknownOptionRejected("defineAgent", "handoff", accepted, () => defineAgent(bad({ ...base, handoff: [] })));
    await expectWrongType("defineAgent", "provider", "a model provider (an object with stream())", () => defineAgent(bad({ ...base, provider: {} })));
    await expectWrongType("defineAgent", "toolPreset", 'one of "readonly", "readwrite", "full"', () => defineAgent(bad({ ...base, toolPreset: "write" })));
    await expectWrongType("defineAgent", "tools", "an array", () => defineAgent(bad({ ...base, tools: tool("a") })));
    await expectRequired("defineAgent", "instructions", () => defineAgent(bad({ name: "helper", description: "Helps." })));

    const agent = defineAgent({
      ...base,
      tools: [tool("a"), tool("b")],
      config: {},
      model: "m",
      provider,
      handoffs: () => [],
      toolCallLimit: 5,
      maxIterations: 10,
      maxHandoffs: 0,
      toolPreset: "full",
      allowedTools: ["a", "b"],
      disallowedTools: ["b"],
    });
    expect(agent.tools.map((t) => t.name)).toEqual([]);

    const helper = defineAgent({ ...base, tools: [tool("a")] });
    await expectUnknownOptionRejected("asTool", "schema", ["name", "description", "inputSchema", "formatInput"], () => helper.asTool(bad({ schema: City })));
    await expectWrongType("asTool", "inputSchema", "a zod schema (an object with safeParse())", () => helper.asTool(bad({ inputSchema: { type: "object" } })));
    expect(helper.asTool({ name: "ask_helper", description: "Asks.", inputSchema: City, formatInput: (args) => args.city }).name).toBe("ask_helper");

    await expectUnknownOptionRejected("runOptions", "handoffs", ["maxHandoffs"], () => helper.runOptions(bad({ handoffs: 2 })));
    await expectWrongType("runOptions", "maxHandoffs", "a non-negative integer", () => helper.runOptions({ maxHandoffs: -1 }));
    expect(helper.runOptions({ maxHandoffs: 1 }).agentName).toBe("helper");
  });

  it("mainThreadConfig", async () => {
    const accepted = ["toolCallLimit", "nonIterativeTools", "finalAnswerInstruction", "enableHint", "disabledToolsInstruction", "stopWhenToolDisabled"];
    await expectUnknownOptionRejected("mainThreadConfig", "maxToolCalls", accepted, () => mainThreadConfig(bad({ maxToolCalls: 3 })));
    await expectWrongType("mainThreadConfig", "nonIterativeTools", "an array of strings", () => mainThreadConfig(bad({ nonIterativeTools: "memory" })));
    const config = mainThreadConfig({
      toolCallLimit: 0,
      nonIterativeTools: ["memory"],
      finalAnswerInstruction: "Answer.",
      enableHint: { image_gen: "Turn it on." },
      disabledToolsInstruction: () => "Go on.",
      stopWhenToolDisabled: true,
    });
    expect(config.toolCallLimit).toBe(0);
  });

  it("deepResearchSupervisorConfig", async () => {
    const accepted = [
      "researcherToolName",
      "reportToolName",
      "feedbackToolName",
      "storedTools",
      "toolCallLimit",
      "timeBudgetMs",
      "clock",
      "maxNudges",
      "nudge",
      "cheaperModel",
      "cheaperModelAfterRetries",
      "finalAnswerInstruction",
      "reportInstruction",
    ];
    await expectUnknownOptionRejected("deepResearchSupervisorConfig", "timeBudget", accepted, () => deepResearchSupervisorConfig(bad({ timeBudget: 1000 })));
    await expectWrongType("deepResearchSupervisorConfig", "timeBudgetMs", "a non-negative finite number", () =>
      deepResearchSupervisorConfig({ timeBudgetMs: -1 }),
    );
    await expectWrongType("deepResearchSupervisorConfig", "clock", "a function", () => deepResearchSupervisorConfig(bad({ clock: 5 })));
    const config = deepResearchSupervisorConfig({
      researcherToolName: "r",
      reportToolName: "report",
      feedbackToolName: "ask",
      storedTools: ["outline"],
      toolCallLimit: 10,
      timeBudgetMs: 0,
      clock: () => 0,
      maxNudges: 1,
      nudge: "Go on.",
      cheaperModel: "small",
      cheaperModelAfterRetries: 1,
      finalAnswerInstruction: "Answer.",
      reportInstruction: () => "Write it.",
    });
    expect(config.toolCallLimit).toBe(10);
  });

  it("researcherConfig and researcherTool", async () => {
    await expectUnknownOptionRejected("researcherConfig", "excludeTools", ["toolCallLimit", "finalAnswerInstruction", "excludeFromStorage"], () =>
      researcherConfig(bad({ excludeTools: ["a"] })),
    );
    await expectWrongType("researcherConfig", "toolCallLimit", "a non-negative integer", () => researcherConfig({ toolCallLimit: -1 }));
    expect(researcherConfig({ toolCallLimit: 3, finalAnswerInstruction: "Done.", excludeFromStorage: ["a"] }).toolCallLimit).toBe(3);

    const accepted = [
      "name",
      "description",
      "agentName",
      "instructions",
      "tools",
      "config",
      "researcher",
      "model",
      "provider",
      "toolCallLimit",
      "maxIterations",
      "timeoutMs",
    ];
    await expectUnknownOptionRejected("researcherTool", "timeout", accepted, () => researcherTool(bad({ timeout: 1000 })));
    await expectWrongType("researcherTool", "tools", "an array or a tool registry (an object with list())", () => researcherTool(bad({ tools: {} })));
    await expectWrongType("researcherTool", "timeoutMs", "a positive finite number", () => researcherTool({ timeoutMs: 0 }));
    // The `researcher` options are researcherConfig's, checked by it.
    await expectUnknownOptionRejected("researcherConfig", "limit", ["toolCallLimit", "finalAnswerInstruction", "excludeFromStorage"], () =>
      researcherTool(bad({ researcher: { limit: 2 } })),
    );
    const made = researcherTool({
      name: "research",
      description: "Researches.",
      agentName: "r",
      instructions: "Research.",
      tools: [tool("search")],
      researcher: { toolCallLimit: 2 },
      model: "m",
      provider,
      toolCallLimit: 4,
      maxIterations: 5,
      timeoutMs: 1000,
    });
    expect(made).toMatchObject({ name: "research", timeoutMs: 1000 });
  });

  it("parseAgentTemplate and agentFromTemplate", async () => {
    const json = '{"name":"helper","instructions":"Be brief.","model":"m","tools":["a"]}';
    await expectUnknownOptionRejected("parseAgentTemplate", "path", ["source", "predicates"], () => parseAgentTemplate(json, bad({ path: "x.json" })));
    await expectWrongType("parseAgentTemplate", "source", "a string", () => parseAgentTemplate(json, bad({ source: 1 })));
    const template = parseAgentTemplate(json, { source: "x.json", predicates: {} });

    const accepted = ["tools", "providers", "provider", "config"];
    await expectUnknownOptionRejected("agentFromTemplate", "model", accepted, () =>
      agentFromTemplate(template, bad({ provider, tools: [tool("a")], model: "m" })),
    );
    await expectWrongType("agentFromTemplate", "provider", "a model provider (an object with stream())", () =>
      agentFromTemplate(template, bad({ provider: "openai" })),
    );
    expect(agentFromTemplate(template, { tools: [tool("a")], providers: { scripted: provider }, provider, config: {} }).agentName).toBe("helper");
  });
});
