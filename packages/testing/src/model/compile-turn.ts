import { ConfigurationError, ProviderError, type ModelStreamPart, type ReasoningDeltaPart } from "@baton/core";
import type { CompiledTurn, DefaultIdSlot } from "./compiled-turn.js";
import { estimateTokens, usagePart } from "./default-usage.js";
import type { ScriptedReasoningBlock, ScriptedReply, ScriptedToolCall, ScriptedTurnObject } from "./scripted-turn.js";

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Turns a scripted reply into ready-made stream parts. Throws a
 * `ConfigurationError` for a reply that cannot be streamed.
 */
export function compileTurn(reply: ScriptedReply): CompiledTurn {
  const turn = normalize(reply);
  const content: ModelStreamPart[] = [];

  let reasoningLength = 0;
  const blocks = reasoningBlocks(turn.reasoning);
  blocks.forEach((block, b) => {
    const id = block.id ?? (blocks.length > 1 ? `reasoning_${b}` : undefined);
    reasoningLength += pushReasoning(content, block, id);
  });

  let textLength = 0;
  for (const text of chunks(turn.text, "text")) {
    content.push(Object.freeze({ type: "text-delta", text }));
    textLength += text.length;
  }

  let argumentsLength = 0;
  const calls = turn.toolCalls ?? EMPTY;
  if (!Array.isArray(calls)) throw new ConfigurationError("scriptedModel: `toolCalls` must be an array.");
  const rests: ModelStreamPart[] = [];
  const defaultIds: DefaultIdSlot[] = [];
  calls.forEach((call: ScriptedToolCall, index) => {
    const text = argumentText(call);
    argumentsLength += text.length;
    const half = Math.ceil(text.length / 2);
    const first = text.slice(0, half);
    if (call.id === undefined) defaultIds.push({ position: content.length, index, name: call.name, argumentsDelta: first });
    content.push(Object.freeze({ type: "tool-call-delta", index, id: call.id ?? "", name: call.name, argumentsDelta: first }));
    rests.push(Object.freeze({ type: "tool-call-delta", index, argumentsDelta: text.slice(half) }));
  });
  content.push(...rests);

  const scripted = turn.usage ?? {};
  const usage = {
    ...(scripted.inputTokens === undefined ? {} : { inputTokens: count(scripted.inputTokens, "usage.inputTokens") }),
    outputTokens: count(scripted.outputTokens ?? estimateTokens(textLength + argumentsLength + reasoningLength), "usage.outputTokens"),
    cachedInputTokens: count(scripted.cachedInputTokens ?? 0, "usage.cachedInputTokens"),
    reasoningTokens: count(scripted.reasoningTokens ?? estimateTokens(reasoningLength), "usage.reasoningTokens"),
  };

  const fails = turn.error !== undefined || turn.errorAfterParts !== undefined;
  const errorAt = !fails
    ? -1
    : turn.errorAfterParts === undefined
      ? content.length
      : Math.min(count(turn.errorAfterParts, "errorAfterParts"), content.length + 1);

  return {
    content: Object.freeze(content),
    defaultIds: Object.freeze(defaultIds),
    usage,
    usagePart: usage.inputTokens === undefined ? undefined : usagePart({ ...usage, inputTokens: usage.inputTokens }),
    finishPart: Object.freeze({ type: "finish", reason: turn.finishReason ?? (calls.length > 0 ? "tool_calls" : "stop") }),
    errorAt,
    makeError: errorFactory(turn.error),
    delayMs: duration(turn.delayMs ?? 0, "delayMs"),
    chunkDelayMs: duration(turn.chunkDelayMs ?? 0, "chunkDelayMs"),
  };
}

/** A turn that throws at once, for exhausted scripts and failing turn functions. */
export function failingTurn(makeError: () => unknown): CompiledTurn {
  return {
    content: EMPTY,
    defaultIds: EMPTY,
    usage: { outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 },
    usagePart: undefined,
    finishPart: Object.freeze({ type: "finish", reason: "error" }),
    errorAt: 0,
    makeError,
    delayMs: 0,
    chunkDelayMs: 0,
  };
}

function normalize(reply: ScriptedReply): ScriptedTurnObject {
  if (typeof reply === "string") return { text: reply };
  if (reply === null || typeof reply !== "object" || Array.isArray(reply)) {
    throw new ConfigurationError(`scriptedModel: a turn must be a string, an object or a function, got ${describe(reply)}.`);
  }
  return reply;
}

function reasoningBlocks(reasoning: ScriptedTurnObject["reasoning"]): readonly ScriptedReasoningBlock[] {
  if (reasoning === undefined) return EMPTY;
  const list: readonly (string | ScriptedReasoningBlock)[] = isArray(reasoning) ? reasoning : [reasoning];
  return list.map((block) => (typeof block === "string" ? { text: block } : block));
}

/** Appends the parts of one reasoning block; returns its text length. */
function pushReasoning(content: ModelStreamPart[], block: ScriptedReasoningBlock, id: string | undefined): number {
  const texts = chunks(block.text, "reasoning.text");
  const base = id === undefined ? {} : { id };
  let length = 0;
  if (texts.length === 0 && block.redactedData !== undefined) {
    content.push(Object.freeze<ReasoningDeltaPart>({ type: "reasoning-delta", text: "", ...base, redactedData: block.redactedData }));
  }
  texts.forEach((text, i) => {
    const redacted = i === 0 && block.redactedData !== undefined ? { redactedData: block.redactedData } : {};
    content.push(Object.freeze<ReasoningDeltaPart>({ type: "reasoning-delta", text, ...base, ...redacted }));
    length += text.length;
  });
  if (block.signature !== undefined) {
    content.push(Object.freeze<ReasoningDeltaPart>({ type: "reasoning-delta", text: "", ...base, signature: block.signature }));
  }
  return length;
}

/** A string as one chunk (none when empty), an array as its chunks. */
function chunks(text: string | readonly string[] | undefined, field: string): readonly string[] {
  if (text === undefined || text === "") return EMPTY;
  if (typeof text === "string") return [text];
  if (isArray(text) && text.every((chunk) => typeof chunk === "string")) return text;
  throw new ConfigurationError(`scriptedModel: \`${field}\` must be a string or an array of strings, got ${describe(text)}.`);
}

function argumentText(call: ScriptedToolCall): string {
  if (call === null || typeof call !== "object" || typeof call.name !== "string") {
    throw new ConfigurationError(`scriptedModel: a tool call needs a \`name\` string, got ${describe(call)}.`);
  }
  if (call.rawArguments !== undefined) return call.rawArguments;
  const text = JSON.stringify(call.arguments ?? {}) as string | undefined;
  if (text === undefined) {
    throw new ConfigurationError(`scriptedModel: the arguments of tool call "${call.name}" cannot be turned into JSON.`);
  }
  return text;
}

function errorFactory(error: unknown): () => unknown {
  if (error === undefined) return () => new ProviderError("scriptedModel: scripted failure");
  if (typeof error === "string") return () => new ProviderError(error);
  return () => error;
}

/** Checks a whole number >= 0 (token counts, part counts). */
function count(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(`scriptedModel: \`${field}\` must be a whole number >= 0, got ${describe(value)}.`);
  }
  return value;
}

/** Checks a duration in milliseconds. */
function duration(value: number, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(`scriptedModel: \`${field}\` must be a finite number of milliseconds >= 0, got ${describe(value)}.`);
  }
  return value;
}

function isArray<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return String(value);
  return typeof value;
}
