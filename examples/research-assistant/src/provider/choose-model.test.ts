import { afterEach, describe, expect, it } from "vitest";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { ask } from "../ask.js";
import { chooseModel, DEFAULT_MODELS, SCRIPTED_MODEL_NOTICE } from "./choose-model.js";

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("chooseModel", () => {
  it("picks the provider the environment names, in order, and the scripted model otherwise", () => {
    expect(chooseModel({})).toMatchObject({ model: "scripted-researcher", notice: SCRIPTED_MODEL_NOTICE });
    expect(chooseModel({}).scripted).toBeDefined();
    expect(chooseModel({ OPENAI_API_KEY: "k" })).toMatchObject({
      model: DEFAULT_MODELS.openai,
      notice: "Model: gpt-4.1-mini (OpenAI).",
      provider: { id: "openai" },
    });
    expect(chooseModel({ ANTHROPIC_API_KEY: "k" })).toMatchObject({ model: DEFAULT_MODELS.anthropic, provider: { id: "anthropic" } });
    expect(chooseModel({ GEMINI_API_KEY: "k", BATON_MODEL: "gemini-2.5-pro" })).toMatchObject({ model: "gemini-2.5-pro", provider: { id: "google" } });
    expect(chooseModel({ OPENAI_BASE_URL: "http://localhost:11434/v1", OPENAI_API_KEY: "k" })).toMatchObject({
      model: DEFAULT_MODELS.compatible,
      notice: "Model: llama3.1 (OpenAI-compatible server at http://localhost:11434/v1).",
      provider: { id: "openai-compatible" },
    });
    expect(chooseModel({ OPENAI_API_KEY: " ", ANTHROPIC_API_KEY: "k" }).provider.id).toBe("anthropic");
  });
});

/** One OpenAI chat-completions stream chunk. */
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "llama3.1", choices: [{ index: 0, delta, finish_reason: finish }] });
const usage = (input: number, output: number) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "llama3.1",
    choices: [],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  });
const toolCall = (index: number, id: string, name: string, args: string) =>
  chunk({ tool_calls: [{ index, id, type: "function", function: { name, arguments: args } }] });

describe("the research assistant on an OpenAI-compatible server", () => {
  it("runs its real tools over two rounds through the OpenAI adapter", async () => {
    server = await startProviderServer();
    server.enqueue(
      {
        kind: "stream",
        protocol: "openai-chat",
        chunks: [
          chunk({ role: "assistant" }),
          toolCall(0, "call_1", "search_notes", '{"query":'),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"Mars moons"}' } }] }),
          chunk({}, "tool_calls"),
          usage(120, 12),
        ],
      },
      {
        kind: "stream",
        protocol: "openai-chat",
        chunks: [chunk({ role: "assistant" }), toolCall(0, "call_2", "calculator", '{"expression":"2 + 95"}'), chunk({}, "tool_calls"), usage(300, 10)],
      },
      {
        kind: "stream",
        protocol: "openai-chat",
        chunks: [chunk({ role: "assistant", content: "Mars has 2 moons; " }), chunk({ content: "2 + 95 = 97." }), chunk({}, "stop"), usage(400, 15)],
      },
    );
    let output = "";
    const result = await ask("How many moons?", { write: (text) => (output += text), env: { OPENAI_BASE_URL: `${server.url}/v1` } });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Mars has 2 moons; 2 + 95 = 97.");
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["search_notes", "ok"],
      ["calculator", "ok"],
    ]);
    expect(result.toolCalls[1]!.result).toEqual({ expression: "2 + 95", result: 97 });
    expect(result.usage.total).toMatchObject({ inputTokens: 820, outputTokens: 37, calls: 3 });
    expect(output).toContain(`Model: llama3.1 (OpenAI-compatible server at ${server.url}/v1).`);
    // The adapter sent the real tool results back: the second request carries the search results.
    const second = server.requests[1]!.body as {
      model: string;
      messages: { role: string; content: string; tool_call_id?: string }[];
      tools: { function: { name: string } }[];
    };
    expect(second.model).toBe("llama3.1");
    expect(second.tools.map((tool) => tool.function.name)).toEqual(["search_notes", "read_note", "calculator"]);
    const toolMessage = second.messages.find((message) => message.role === "tool")!;
    expect(toolMessage.tool_call_id).toBe("call_1");
    expect(toolMessage.content).toContain("mars.md");
  });
});
