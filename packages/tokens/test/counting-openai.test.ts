import { describe, expect, it, vi } from "vitest";
import { get_encoding } from "tiktoken";
import { computeChatCompletionTokenCount } from "gpt-tokenizer/functionCalling";
import type { Message, ToolDefinition } from "@baton/core";
import { userMessage, systemMessage } from "@baton/core";
import { createOpenAITokenCounter, encodingForModel, openAIImageTokens, renderToolDefinitions, sharedTokenizer } from "../src/index.js";

const o200k = get_encoding("o200k_base");
const cl100k = get_encoding("cl100k_base");
const ref200 = (text: string): number => o200k.encode_ordinary(text).length;
const ref100 = (text: string): number => cl100k.encode_ordinary(text).length;

const assistantText = (text: string): Message => ({ role: "assistant", content: [{ type: "text", text }] });

describe("createOpenAITokenCounter: text", () => {
  it("counts known strings exactly in o200k_base and cl100k_base", () => {
    const counter = createOpenAITokenCounter();
    expect(counter.countText("hello world")).toEqual({ tokens: 2, exact: true });
    expect(counter.countText("")).toEqual({ tokens: 0, exact: true });
    for (const text of ["The quick brown fox jumps over the lazy dog.", "Grüße aus Köln — 東京タワー 🚀", "function f(x) { return x ** 2; }\n\n\t// done"]) {
      expect(counter.countText(text, "gpt-4o").tokens).toBe(ref200(text));
      expect(counter.countText(text, "gpt-4").tokens).toBe(ref100(text));
    }
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    const counter = createOpenAITokenCounter();
    expect(counter.countText("<|endoftext|> and <|im_start|>").tokens).toBe(ref200("<|endoftext|> and <|im_start|>"));
  });

  it("picks the encoding by model and marks unknown models as not exact", () => {
    expect(encodingForModel("gpt-4o-mini")).toEqual({ encoding: "o200k_base", known: true });
    expect(encodingForModel("gpt-4.1-nano")).toEqual({ encoding: "o200k_base", known: true });
    expect(encodingForModel("gpt-5")).toEqual({ encoding: "o200k_base", known: true });
    expect(encodingForModel("o3-mini")).toEqual({ encoding: "o200k_base", known: true });
    expect(encodingForModel("openai/o4-mini")).toEqual({ encoding: "o200k_base", known: true });
    expect(encodingForModel("gpt-4-turbo")).toEqual({ encoding: "cl100k_base", known: true });
    expect(encodingForModel("gpt-3.5-turbo-0125")).toEqual({ encoding: "cl100k_base", known: true });
    expect(encodingForModel("llama-3-70b")).toEqual({ encoding: "o200k_base", known: false });
    const counter = createOpenAITokenCounter({ model: "gpt-4" });
    expect(counter.countText("hello world", "mistral-large")).toEqual({ tokens: 2, exact: false });
  });

  it("uses the factory's model unless the call names one", () => {
    const text = "Antidisestablishmentarianism";
    const counter = createOpenAITokenCounter({ model: "gpt-3.5-turbo" });
    expect(counter.countText(text).tokens).toBe(ref100(text));
    expect(counter.countText(text, "gpt-4o").tokens).toBe(ref200(text));
  });

  it("rejects an unknown tokenizer with a typed error", () => {
    expect(() => createOpenAITokenCounter({ tokenizer: "sentencepiece" as never })).toThrow(
      /option "tokenizer" must be one of "gpt-tokenizer", "tiktoken", got "sentencepiece"/,
    );
  });
});

describe("createOpenAITokenCounter: chat format", () => {
  it("adds 3 tokens per message plus its role, and 3 for the reply priming", () => {
    const counter = createOpenAITokenCounter({ model: "gpt-4o" });
    expect(counter.countMessages([])).toEqual({ tokens: 3, exact: true });
    // 3 (message) + 1 ("user") + 2 ("hello world") + 3 (priming)
    expect(counter.countMessages([userMessage("hello world")])).toEqual({ tokens: 9, exact: true });
    const system = "You are a helpful, pattern-following assistant that translates corporate jargon into plain English.";
    const user = "This late pivot means we don't have time to boil the ocean for the client deliverable.";
    const answer = "We are out of time for a thorough job.";
    const expected = 3 + (3 + ref200("system") + ref200(system)) + (3 + ref200("user") + ref200(user)) + (3 + ref200("assistant") + ref200(answer));
    expect(counter.countMessages([systemMessage(system), userMessage(user), assistantText(answer)]).tokens).toBe(expected);
  });

  it("counts tool calls (name + argument JSON + 3) and one tool message per result", () => {
    const counter = createOpenAITokenCounter();
    const call: Message = {
      role: "assistant",
      content: [
        { type: "reasoning", text: "Reasoning is not sent back to OpenAI, so it costs nothing." },
        { type: "tool-call", toolCallId: "c1", toolName: "get_weather", arguments: { city: "Paris" } },
        { type: "tool-call", toolCallId: "c2", toolName: "get_time", arguments: {}, rawArguments: '{"tz": "CET"}' },
      ],
    };
    const results: Message = {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "c1", toolName: "get_weather", result: { temperature: 18, sky: "clear" } },
        { type: "tool-result", toolCallId: "c2", toolName: "get_time", result: "boom", isError: true },
      ],
    };
    const callTokens = 3 + ref200("assistant") + (ref200("get_weather") + ref200('{"city":"Paris"}') + 3) + (ref200("get_time") + ref200('{"tz": "CET"}') + 3);
    const resultTokens = 3 + ref200("tool") + ref200('{"temperature":18,"sky":"clear"}') + 3 + ref200("tool") + ref200("Error: boom");
    expect(counter.countMessage(call).tokens).toBe(callTokens);
    expect(counter.countMessage(results).tokens).toBe(resultTokens);
    expect(counter.countMessages([call, results]).tokens).toBe(3 + callTokens + resultTokens);
    // An assistant message with reasoning only is left out of the request.
    expect(counter.countMessage({ role: "assistant", content: [{ type: "reasoning", text: "thinking" }] }).tokens).toBe(0);
  });
});

describe("createOpenAITokenCounter: tool definitions", () => {
  const tools: ToolDefinition[] = [
    {
      name: "get_weather",
      description: "Current weather in a city",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string", description: "City name" },
          unit: { type: "string", enum: ["celsius", "fahrenheit"] },
          days: { type: "integer" },
          tags: { type: "array", items: { type: "string" } },
          where: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } }, required: ["lat"] },
        },
        required: ["city"],
      },
    },
    { name: "list_files", description: "Lists the files", parameters: { type: "object", properties: {} } },
  ];

  it("renders the definitions as OpenAI's hidden TypeScript namespace", () => {
    expect(renderToolDefinitions(tools)).toBe(
      [
        "namespace functions {",
        "",
        "// Current weather in a city",
        "type get_weather = (_: {",
        "// City name",
        "city: string,",
        'unit?: "celsius" | "fahrenheit",',
        "days?: number,",
        "tags?: string[],",
        "where?: {",
        "  lat: number,",
        "  lon?: number,",
        "},",
        "}) => any;",
        "",
        "// Lists the files",
        "type list_files = () => any;",
        "",
        "} // namespace functions",
      ].join("\n"),
    );
  });

  it("costs count(rendering) + 9, minus 4 with a system message, and pads the system message with a newline", () => {
    const counter = createOpenAITokenCounter();
    const rendered = ref200(renderToolDefinitions(tools));
    const user = userMessage("What is the weather in Paris?");
    const bare = counter.countMessages([user]).tokens;
    expect(counter.countMessages([user], { tools }).tokens).toBe(bare + rendered + 9);
    const system = systemMessage("You are a weather bot.");
    const withSystem = counter.countMessages([system, user], { tools }).tokens;
    const systemPadded = 3 + ref200("system") + ref200("You are a weather bot.\n");
    expect(withSystem).toBe(bare + systemPadded + rendered + 9 - 4);
    expect(counter.countMessages([system, user]).tokens).toBe(bare + 3 + ref200("system") + ref200("You are a weather bot."));
  });

  it("agrees with gpt-tokenizer's own chat-completion formula (with tiktoken counting the text)", () => {
    const counter = createOpenAITokenCounter({ tokenizer: "tiktoken" });
    const system = "You are a weather bot.";
    const user = "What is the weather in Paris?";
    const reference = computeChatCompletionTokenCount(
      {
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        functions: tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters as never })),
      },
      ref200,
    );
    expect(counter.countMessages([systemMessage(system), userMessage(user)], { tools }).tokens).toBe(reference);
  });
});

describe("createOpenAITokenCounter: images", () => {
  it("follows OpenAI's tile rule", () => {
    expect(openAIImageTokens(1024, 1024, "high")).toBe(765);
    expect(openAIImageTokens(2048, 4096, "high")).toBe(1105);
    expect(openAIImageTokens(512, 512, "high")).toBe(255);
    expect(openAIImageTokens(100, 100, "high")).toBe(255);
    expect(openAIImageTokens(4096, 8192, "low")).toBe(85);
  });

  it("costs image parts by their size, the default 1024×1024 when unknown, and the counter's detail", () => {
    const message = (width?: number, height?: number): Message => ({
      role: "user",
      content: [
        { type: "text", text: "Describe this." },
        { type: "image", mediaType: "image/png", url: "https://example.com/a.png", ...(width ? { width, height } : {}) },
      ],
    });
    const text = 3 + ref200("user") + ref200("Describe this.");
    const high = createOpenAITokenCounter();
    expect(high.countMessage(message(2048, 4096)).tokens).toBe(text + 1105);
    expect(high.countMessage(message()).tokens).toBe(text + 765);
    const low = createOpenAITokenCounter({ imageDetail: "low" });
    expect(low.countMessage(message(2048, 4096)).tokens).toBe(text + 85);
  });
});

describe("createOpenAITokenCounter: per-message cache", () => {
  it("encodes only the new messages when a conversation is counted again", () => {
    const counter = createOpenAITokenCounter({ model: "gpt-4.1" });
    const conversation: Message[] = [systemMessage("Be brief.")];
    for (let i = 0; i < 50; i++) conversation.push(userMessage(`Question number ${i}?`), assistantText(`Answer number ${i}.`));
    counter.countMessages([]); // loads the encoding (and counts the role names once)
    const tokenizer = sharedTokenizer("gpt-tokenizer", "o200k_base");
    const spy = vi.spyOn(tokenizer, "count");
    try {
      const first = counter.countMessages(conversation);
      expect(spy).toHaveBeenCalledTimes(101);
      spy.mockClear();
      expect(counter.countMessages(conversation)).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(0);
      const longer = [...conversation, userMessage("And one more?")];
      const next = counter.countMessages(longer);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith("And one more?");
      expect(next.tokens).toBe(first.tokens + 3 + 1 + ref200("And one more?"));
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps separate counts per encoding and shares encoders between counters", () => {
    const message = userMessage("Encodings differ: ünïcödé and emoji 🎉🎉");
    const a = createOpenAITokenCounter();
    const b = createOpenAITokenCounter();
    expect(a.countMessage(message, "gpt-4o").tokens).toBe(4 + ref200("Encodings differ: ünïcödé and emoji 🎉🎉"));
    expect(a.countMessage(message, "gpt-4").tokens).toBe(4 + ref100("Encodings differ: ünïcödé and emoji 🎉🎉"));
    expect(b.countMessage(message, "gpt-4").tokens).toBe(a.countMessage(message, "gpt-4").tokens);
    expect(sharedTokenizer("tiktoken", "cl100k_base")).toBe(sharedTokenizer("tiktoken", "cl100k_base"));
  });
});
