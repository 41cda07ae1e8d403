import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { ConfigurationError, composeConfigs } from "@baton/core";
import { AgentTemplateError, agentFromTemplate, loadAgentTemplate, parseAgentTemplate } from "../../src/templates/index.js";
import { createOrchestration } from "../../src/steps/index.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/support-agent.json", import.meta.url));
const valid = { name: "helper", instructions: "Be brief.", model: "m", tools: ["a", "b", "c"] };

function tools() {
  return {
    search_orders: fakeTool({ name: "search_orders", result: (args: { id: string }) => `order ${args.id}: shipped` }),
    lookup_customer: fakeTool({ name: "lookup_customer", result: { name: "Ada", tier: "gold" } }),
  };
}

function errorOf(json: unknown): AgentTemplateError {
  try {
    parseAgentTemplate(json);
  } catch (error) {
    expect(error).toBeInstanceOf(AgentTemplateError);
    return error as AgentTemplateError;
  }
  throw new Error("expected an AgentTemplateError");
}

describe("loadAgentTemplate + agentFromTemplate", () => {
  it("runs a template's steps through createOrchestration: only the step's tools are offered", async () => {
    const template = await loadAgentTemplate(FIXTURE);
    const t = tools();
    const provider = scriptedModel(["Hello."]);
    const options = agentFromTemplate(template, { tools: t, providers: { scripted: provider } });
    const orchestration = createOrchestration(template.steps, { sessionId: "s1", store: createMemoryStorage() });
    await run({ ...options, config: composeConfigs(options.config, orchestration.config), input: "Hi" });
    expect((provider.requests[0]!.tools ?? []).map((tool) => tool.name)).toEqual(["search_orders"]);
  });

  it("loads a file and runs it end to end with its tools, limits and data policy", async () => {
    const template = await loadAgentTemplate(FIXTURE);
    expect(template.steps).toEqual({
      steps: [{ name: "triage", isDefault: true, allowedTools: ["lookup_customer", "search_orders"], deniedTools: ["lookup_customer"] }],
    });
    const t = tools();
    const provider = scriptedModel([
      {
        toolCalls: [
          { id: "l1", name: "lookup_customer", arguments: {} },
          { id: "s1", name: "search_orders", arguments: { id: "42" } },
        ],
      },
      { toolCalls: [{ id: "s2", name: "search_orders", arguments: { id: "43" } }] },
      "Order 42 shipped.",
    ]);
    const options = agentFromTemplate(template, { tools: t, providers: { scripted: provider } });
    expect(options.provider).toBe(provider);
    expect(options.tools.map((tool) => tool.name)).toEqual(["search_orders", "lookup_customer"]);
    expect(options).toMatchObject({ agentName: "support", model: "support-model", toolCallLimit: 2, maxIterations: 6, temperature: 0.2 });

    const storage = createMemoryStorage();
    const result = await run({ ...options, input: "Where is order 42?", storage, conversationId: "conv-1" });
    // The limit was reached, so the answer came from the final turn without tools.
    expect(result.stopReason).toBe("tool_call_limit");
    expect(result.text).toBe("Order 42 shipped.");
    expect(result.agentPath).toBe("support");
    // lookup_customer is non-iterative: only the two search_orders calls count, which reaches the limit of 2.
    expect(result.toolCallCount).toBe(2);
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[0]!.model).toBe("support-model");
    expect(provider.requests[0]!.temperature).toBe(0.2);
    expect(provider.requests[0]!.parallelToolCalls).toBe(false);
    expect(provider.requests[0]!.messages[0]).toEqual({ role: "system", content: "You answer questions about orders. Be brief." });
    expect(provider.requests[0]!.tools!.map((tool) => tool.name)).toEqual(["search_orders", "lookup_customer"]);
    // The limit is reached after the second turn: the last call gets no tools.
    expect(provider.requests[2]!.tools).toBeUndefined();

    const stored = await storage.loadMessages("conv-1");
    const storedToolNames = JSON.stringify(stored);
    expect(storedToolNames).toContain("search_orders");
    expect(storedToolNames).not.toContain("lookup_customer");
    expect(storedToolNames).not.toContain("Ada");
    expect(storedToolNames).toContain("order 42: shipped");
  });

  it("keeps the hooks of a given config and uses a default provider", async () => {
    const provider = scriptedModel(["ok"]);
    class Cheaper {
      readonly model = "small";
      prepareStep() {
        return { model: this.model };
      }
    }
    const options = agentFromTemplate(parseAgentTemplate({ name: "x", instructions: "i", model: "m" }), { provider, config: new Cheaper() });
    expect(options.provider).toBe(provider);
    expect(options.tools).toEqual([]);
    // A class method keeps its `this` once composed with the template's settings.
    await run({ ...options, input: "hi" });
    expect(provider.requests[0]!.model).toBe("small");
    expect(options.config.dataPolicy).toBeUndefined();
  });

  it("an unknown tool name is an error listing the available tools", () => {
    const template = parseAgentTemplate({ name: "x", instructions: "i", model: "m", tools: ["search_orders", "refund"] });
    const call = () => agentFromTemplate(template, { tools: tools() });
    expect(call).toThrow(AgentTemplateError);
    expect(call).toThrow(
      'Agent template "x" names tools that were not given. Available tools: search_orders, lookup_customer.\n  - tools[1]: unknown tool "refund"',
    );
  });

  it("an unknown provider name is an error listing the available providers", () => {
    const template = parseAgentTemplate({ name: "x", instructions: "i", model: "m", provider: "openai" });
    expect(() => agentFromTemplate(template, { providers: { scripted: scriptedModel([]) } })).toThrow(
      'Agent template "x" names a provider that was not given. Available providers: scripted.\n  - provider: unknown provider "openai"',
    );
  });

  it("no provider at all is an error", () => {
    const template = parseAgentTemplate({ name: "x", instructions: "i", model: "m" });
    expect(() => agentFromTemplate(template, {})).toThrow(ConfigurationError);
    expect(() => agentFromTemplate(template, {})).toThrow('Agent template "x" needs a provider');
  });

  it("a tool keyed by another name is refused", () => {
    const template = parseAgentTemplate({ name: "x", instructions: "i", model: "m" });
    expect(() => agentFromTemplate(template, { provider: scriptedModel([]), tools: { search: tools().search_orders } })).toThrow(
      'tools["search"] is a tool named "search_orders"',
    );
  });

  it("a missing or broken file is an error naming the file", async () => {
    await expect(loadAgentTemplate("/nonexistent/agent.json")).rejects.toThrow("Cannot read agent template /nonexistent/agent.json: no such file.");
    const dir = mkdtempSync(join(tmpdir(), "baton-template-"));
    try {
      const path = join(dir, "broken.json");
      writeFileSync(path, '{ "name": ');
      await expect(loadAgentTemplate(path)).rejects.toThrow(`Invalid agent template ${path}: not valid JSON`);
      const invalid = join(dir, "invalid.json");
      writeFileSync(invalid, JSON.stringify({ ...valid, limits: { toolCallLimit: "ten" } }));
      const error = (await loadAgentTemplate(invalid).catch((caught: unknown) => caught)) as AgentTemplateError;
      expect(error.source).toBe(invalid);
      expect(error.issues).toEqual(["limits.toolCallLimit: Invalid input: expected number, received string"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("parseAgentTemplate: each invalid field is named", () => {
  it.each([
    ["tools[2]", { ...valid, tools: ["a", "b", 3] }, "tools[2]: Invalid input: expected string, received number"],
    ["limits.toolCallLimit", { ...valid, limits: { toolCallLimit: "ten" } }, "limits.toolCallLimit: Invalid input: expected number, received string"],
    ["limits.maxIterations", { ...valid, limits: { maxIterations: 0 } }, "limits.maxIterations: Too small: expected number to be >0"],
    ["limits.temperature", { ...valid, limits: { temperature: 3 } }, "limits.temperature: Too big: expected number to be <=2"],
    ["name", { ...valid, name: "my agent" }, 'name: A name holds letters, digits, "_", "-" and "." only.'],
    ["instructions", { name: "x", model: "m" }, "instructions: Invalid input: expected string, received undefined"],
    ["model", { ...valid, model: "" }, "model: A model id must not be empty."],
    ["an unknown field", { ...valid, instruction: "typo" }, "instruction: Unknown field."],
    ["an unknown nested field", { ...valid, limits: { toolCalls: 3 } }, "limits.toolCalls: Unknown field."],
    ["dataPolicy.storeText", { ...valid, dataPolicy: { storeText: "yes" } }, "dataPolicy.storeText: Invalid input: expected boolean, received string"],
    [
      "dataPolicy.allowedToolCalls[0]",
      { ...valid, dataPolicy: { allowedToolCalls: ["z"] } },
      'dataPolicy.allowedToolCalls[0]: "z" is not one of the template\'s tools (a, b, c).',
    ],
    ["nonIterativeTools[1]", { ...valid, nonIterativeTools: ["a", "q"] }, 'nonIterativeTools[1]: "q" is not one of the template\'s tools (a, b, c).'],
    ["a repeated tool", { ...valid, tools: ["a", "b", "a"] }, 'tools[2]: "a" is listed twice.'],
    ["a bad tool name", { ...valid, tools: ["a b"] }, 'tools[0]: A tool name holds letters, digits, "_" and "-" only.'],
  ])("%s", (_label, json, issue) => {
    const error = errorOf(json);
    expect(error.issues).toEqual([issue]);
    expect(error.code).toBe("INVALID_AGENT_DEFINITION");
    expect(error.message).toContain(issue);
  });

  it("reports every problem at once", () => {
    const error = errorOf({ name: "x", instructions: 5, model: "m", tools: ["a", 2], limits: { toolCallLimit: -1 } });
    expect(error.issues).toEqual([
      "instructions: Invalid input: expected string, received number",
      "tools[1]: Invalid input: expected string, received number",
      "limits.toolCallLimit: Too small: expected number to be >0",
    ]);
    expect(error.message.split("\n")[0]).toBe("Invalid agent template:");
  });

  it("refuses text that is not JSON and values that are not objects", () => {
    expect(() => parseAgentTemplate("{")).toThrow(/Invalid agent template: not valid JSON/);
    expect(() => parseAgentTemplate("[1]")).toThrow("Invalid agent template: expected a JSON object.");
  });

  it("checks steps as an orchestration definition, naming the field", () => {
    const error = errorOf({ ...valid, steps: { steps: [{ name: "s", isDefault: true, conditions: [{ type: "tool_usedd", tool: "a" }] }] } });
    expect(error.message).toContain("steps.steps[0].conditions[0]");
    expect(errorOf({ ...valid, steps: { anything: [1, 2] } }).message).toMatch(/steps/);
    const steps = { steps: [{ name: "default", isDefault: true, allowedTools: ["a"] }] };
    expect(parseAgentTemplate({ ...valid, steps }).steps).toEqual(steps);
  });
});
