import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { composeConfigs, userMessage, type AgentConfig, type Message } from "@baton/core";
import { fewShot, fewShotExamplesFor, modelMatches } from "../../src/prompting/index.js";

const examples: Message[] = [
  userMessage("What is the weather in Paris?"),
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "ex1", toolName: "weather", arguments: { city: "Paris" } }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "ex1", toolName: "weather", result: "18°C" }] },
  { role: "assistant", content: [{ type: "text", text: "It is 18°C in Paris." }] },
];
const system: Message = { role: "system", content: "You report the weather." };
const user = userMessage("Weather in Rome?");

function weatherRun(model: string, config: AgentConfig, instructions: string | null = "You report the weather.") {
  const weather = fakeTool({ name: "weather", result: "21°C" });
  const provider = scriptedModel([{ toolCalls: [{ id: "w1", name: "weather", arguments: { city: "Rome" } }] }, "It is 21°C in Rome."]);
  return { provider, promise: run({ provider, model, tools: [weather], input: "Weather in Rome?", config, ...(instructions ? { instructions } : {}) }) };
}

describe("fewShot", () => {
  const config = fewShot({ examples: { "small-*": examples } });

  it("places the examples after the system prompt for matching models, once, on every call", async () => {
    const { provider, promise } = weatherRun("small-1", config);
    const result = await promise;
    expect(result.stopReason).toBe("completed");
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[0]!.messages).toEqual([system, ...examples, user]);
    expect(provider.requests[1]!.messages).toEqual([
      system,
      ...examples,
      user,
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "w1", toolName: "weather", arguments: { city: "Rome" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "w1", toolName: "weather", result: "21°C" }] },
    ]);
    // The examples are prompt, not conversation: the run's messages and state do not hold them.
    expect(result.messages.map((message) => message.role)).toEqual(["assistant", "tool", "assistant"]);
    expect(JSON.stringify(result.state)).not.toContain("Paris");
  });

  it("leaves the conversation unchanged for models matching no pattern", async () => {
    const { provider, promise } = weatherRun("large-1", config);
    await promise;
    expect(provider.requests[0]!.messages).toEqual([system, user]);
    expect(provider.requests[1]!.messages).toHaveLength(4);
  });

  it("puts them first without a system prompt", async () => {
    const { provider, promise } = weatherRun("small-2", config, null);
    await promise;
    expect(provider.requests[0]!.messages).toEqual([...examples, user]);
  });

  it("follows the model of each call: examples leave when a config composed before it switches to another model", async () => {
    const switching = composeConfigs(
      { prepareStep: ({ stepNumber }) => (stepNumber === 0 ? undefined : { model: "large-1" }) },
      fewShot({ examples: { "small-*": examples } }),
    );
    const { provider, promise } = weatherRun("small-1", switching);
    await promise;
    expect(provider.requests.map((request) => request.model)).toEqual(["small-1", "large-1"]);
    expect(provider.requests[0]!.messages).toEqual([system, ...examples, user]);
    expect(provider.requests[1]!.messages.slice(0, 2)).toEqual([system, user]);
    expect(provider.requests[1]!.messages).toHaveLength(4);
  });

  it("does not add examples a conversation already holds (a resumed one)", async () => {
    const weather = fakeTool({ name: "weather", result: "21°C" });
    const provider = scriptedModel(["Hi."]);
    await run({ provider, model: "small-1", instructions: "You report the weather.", tools: [weather], input: [...examples, user], config });
    expect(provider.requests[0]!.messages).toEqual([system, ...examples, user]);
  });

  it("matches exact ids and globs", () => {
    expect(modelMatches("gpt-4o-mini", "gpt-4o*")).toBe(true);
    expect(modelMatches("gpt-4o-mini", "*-mini")).toBe(true);
    expect(modelMatches("gpt-4o", "gpt-4o")).toBe(true);
    expect(modelMatches("gpt-4o.1", "gpt-4o")).toBe(false);
    expect(modelMatches("gpt-4oX1", "gpt-4o.1")).toBe(false);
    expect(fewShotExamplesFor({ "a*": examples, "*": [] }, "abc")).toBe(examples);
    expect(fewShotExamplesFor({ "a*": examples, "*": [] }, "zzz")).toEqual([]);
    expect(fewShotExamplesFor({ "a*": examples }, "zzz")).toBeUndefined();
  });
});
