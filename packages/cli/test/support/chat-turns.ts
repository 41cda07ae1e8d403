import type { ScriptedHttpResponse } from "@baton/testing";

/** Tokens a scripted turn reports. */
export interface TurnUsage {
  readonly input: number;
  readonly output: number;
}

let counter = 0;

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return JSON.stringify({
    id: `chatcmpl-cli-${counter}`,
    object: "chat.completion.chunk",
    created: 1_770_000_000,
    model: "gpt-4.1-mini",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
}

function usageChunk(usage: TurnUsage): string {
  return JSON.stringify({
    id: `chatcmpl-cli-${counter}`,
    object: "chat.completion.chunk",
    created: 1_770_000_000,
    model: "gpt-4.1-mini",
    choices: [],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  });
}

/** An OpenAI Chat Completions stream in which the model calls tools (arguments streamed in two pieces). */
export function toolCallTurn(
  calls: readonly { readonly id: string; readonly name: string; readonly arguments: unknown }[],
  usage: TurnUsage,
  delayMs = 0,
): ScriptedHttpResponse {
  counter++;
  const chunks = [chunk({ role: "assistant", content: null })];
  calls.forEach((call, index) => {
    const text = JSON.stringify(call.arguments);
    const half = Math.floor(text.length / 2);
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: text.slice(0, half) } }] }));
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: text.slice(half) } }] }));
  });
  chunks.push(chunk({}, "tool_calls"), usageChunk(usage));
  return { kind: "stream", protocol: "openai-chat", chunks, ...(delayMs > 0 ? { delayMs } : {}) };
}

/** An OpenAI Chat Completions stream of a text answer, in word-sized deltas. */
export function textTurn(text: string, usage: TurnUsage, delayMs = 0): ScriptedHttpResponse {
  counter++;
  const words = text.match(/\S+\s*/g) ?? [text];
  const chunks = [chunk({ role: "assistant", content: "" }), ...words.map((word) => chunk({ content: word })), chunk({}, "stop"), usageChunk(usage)];
  return { kind: "stream", protocol: "openai-chat", chunks, ...(delayMs > 0 ? { delayMs } : {}) };
}
