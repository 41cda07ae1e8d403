import Anthropic from "@anthropic-ai/sdk";
import type { ModelRequest, ModelStreamPart, ReasoningPart, RetryPolicy } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { createAnthropicProvider, type AnthropicProvider, type AnthropicProviderOptions } from "../../src/index.js";

/** A retry policy that waits (almost) nothing, so retry tests are quick. */
export const FAST_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 5, jitter: 0 };

/** A provider whose official SDK client talks to a local provider server. */
export interface Harness {
  readonly server: ProviderServer;
  readonly provider: AnthropicProvider;
}

/** Starts a provider server and an adapter on an SDK client pointed at it. */
export async function startHarness(options: AnthropicProviderOptions = {}): Promise<Harness> {
  const server = await startProviderServer();
  const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
  return { server, provider: createAnthropicProvider({ client, retry: FAST_RETRY, ...options }) };
}

/** A one-message request. */
export function ask(text: string, extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "claude-haiku-4-5", messages: [{ role: "user", content: [{ type: "text", text }] }], ...extra };
}

/** Reads a whole stream into its parts. */
export async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** Reads a stream into its parts, and the error it ended with (if any). */
export async function collectUntilError(stream: AsyncIterable<ModelStreamPart>): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of stream) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

/** What a stream says, assembled: text, reasoning blocks (grouped the way the loop groups them), tool calls, finish. */
export interface Assembled {
  readonly text: string;
  readonly reasoning: ReasoningPart[];
  readonly toolCalls: { index: number; id: string; name: string; arguments: string }[];
  readonly finish: Extract<ModelStreamPart, { type: "finish" }> | undefined;
}

/** Assembles stream parts. */
export function assemble(parts: readonly ModelStreamPart[]): Assembled {
  let text = "";
  const reasoning: { text: string; id?: string; signature?: string; redactedData?: string }[] = [];
  const calls = new Map<number, { index: number; id: string; name: string; arguments: string }>();
  let finish: Assembled["finish"];
  for (const part of parts) {
    switch (part.type) {
      case "text-delta":
        text += part.text;
        break;
      case "reasoning-delta": {
        let block = reasoning[reasoning.length - 1];
        if (!block || (part.id !== undefined && block.id !== undefined && block.id !== part.id) || block.signature !== undefined) {
          block = { text: "" };
          reasoning.push(block);
        }
        if (part.id !== undefined) block.id = part.id;
        if (part.signature !== undefined) block.signature = part.signature;
        if (part.redactedData !== undefined) block.redactedData = part.redactedData;
        block.text += part.text;
        break;
      }
      case "tool-call-delta": {
        const call = calls.get(part.index) ?? { index: part.index, id: "", name: "", arguments: "" };
        if (part.id) call.id = part.id;
        if (part.name) call.name = part.name;
        call.arguments += part.argumentsDelta;
        calls.set(part.index, call);
        break;
      }
      case "finish":
        finish = part;
        break;
      case "usage":
        break;
    }
  }
  return {
    text,
    reasoning: reasoning.map((block) => ({ type: "reasoning", ...block })),
    toolCalls: [...calls.values()].sort((a, b) => a.index - b.index),
    finish,
  };
}
