import type { ModelRequest, ModelStreamPart, RetryPolicy, ToolCallDeltaPart } from "@baton/core";
import type { ProviderServer } from "@baton/testing";
import OpenAI from "openai";
import { createOpenAIProvider, type OpenAIProvider, type OpenAIProviderOptions } from "../../src/index.js";

/** A retry policy that waits 1 ms between attempts (tests stay fast, the retries stay real). */
export const FAST_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 1, jitter: 0 };

/** A provider pointed at a local provider server, through the official SDK client. */
export function providerFor(server: ProviderServer, options: OpenAIProviderOptions = {}): OpenAIProvider {
  return createOpenAIProvider({ apiKey: "test-key", baseURL: `${server.url}/v1`, retry: FAST_RETRY, ...options });
}

/** An SDK client pointed at the server (for the `client` option). */
export function clientFor(server: ProviderServer): OpenAI {
  return new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1` });
}

/** A minimal request. */
export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "gpt-4.1", messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }], ...overrides };
}

/** Every part of a stream. */
export async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** What a stream said, assembled: text, reasoning blocks, tool calls by index, usage, finish. */
export interface Assembled {
  readonly text: string;
  readonly reasoning: Array<{ text: string; id?: string; redactedData?: string }>;
  readonly toolCalls: Array<{ index: number; id: string; name: string; arguments: string }>;
  readonly usage: ModelStreamPart[];
  readonly finish: ModelStreamPart | undefined;
}

/** Assembles parts the way a consumer does (tool calls by index, reasoning by id). */
export function assemble(parts: readonly ModelStreamPart[]): Assembled {
  let text = "";
  const reasoning: Assembled["reasoning"] = [];
  const calls = new Map<number, { index: number; id: string; name: string; arguments: string }>();
  const usage: ModelStreamPart[] = [];
  let finish: ModelStreamPart | undefined;
  for (const part of parts) {
    if (part.type === "text-delta") text += part.text;
    else if (part.type === "reasoning-delta") {
      let block = reasoning.at(-1);
      if (!block || (part.id !== undefined && block.id !== undefined && block.id !== part.id)) {
        block = { text: "" };
        reasoning.push(block);
      }
      if (part.id !== undefined) block.id = part.id;
      if (part.redactedData !== undefined) block.redactedData = (block.redactedData ?? "") + part.redactedData;
      block.text += part.text;
    } else if (part.type === "tool-call-delta") addCall(calls, part);
    else if (part.type === "usage") usage.push(part);
    else finish = part;
  }
  return { text, reasoning, toolCalls: [...calls.values()].sort((a, b) => a.index - b.index), usage, finish };
}

function addCall(calls: Map<number, { index: number; id: string; name: string; arguments: string }>, part: ToolCallDeltaPart): void {
  let call = calls.get(part.index);
  if (!call) {
    call = { index: part.index, id: "", name: "", arguments: "" };
    calls.set(part.index, call);
  }
  if (part.id) call.id = part.id;
  if (part.name) call.name = part.name;
  call.arguments += part.argumentsDelta;
}

/** A Chat Completions chunk (OpenAI's shape) with the given delta. */
export function chatChunk(delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4.1",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
}

/** The closing usage chunk of a Chat Completions stream. */
export function chatUsageChunk(prompt: number, completion: number, cached = 0, reasoning = 0): string {
  return JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4.1",
    choices: [],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cached },
      completion_tokens_details: { reasoning_tokens: reasoning },
    },
  });
}

/** A whole text answer as Chat Completions chunks. */
export function chatText(pieces: readonly string[], usage: [number, number] = [10, pieces.length]): string[] {
  return [
    chatChunk({ role: "assistant", content: "" }),
    ...pieces.map((piece) => chatChunk({ content: piece })),
    chatChunk({}, "stop"),
    chatUsageChunk(usage[0], usage[1]),
  ];
}

/** Tool calls as Chat Completions chunks: each call's name first, its arguments in two pieces, calls interleaved. */
export function chatToolCalls(calls: ReadonlyArray<{ id: string; name: string; arguments: string }>, usage: [number, number] = [20, 10]): string[] {
  const halves = calls.map(
    (call) => [call.arguments.slice(0, Math.ceil(call.arguments.length / 2)), call.arguments.slice(Math.ceil(call.arguments.length / 2))] as const,
  );
  return [
    chatChunk({ role: "assistant", content: null }),
    ...calls.map((call, index) =>
      chatChunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: halves[index]![0] } }] }),
    ),
    ...calls.map((_, index) => chatChunk({ tool_calls: [{ index, function: { arguments: halves[index]![1] } }] })),
    chatChunk({}, "tool_calls"),
    chatUsageChunk(usage[0], usage[1]),
  ];
}
