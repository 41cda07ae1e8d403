import {
  ZERO_TOKEN_USAGE,
  addTokenUsage,
  validTokenUsage,
  type FinishReason,
  type ModelProvider,
  type ModelRequest,
  type ReasoningPart,
  type TokenUsage,
} from "@baton/core";
import type { AbortHub } from "../abort/abort-hub.js";
import { Interruption } from "../abort/interruption.js";
import { loadOptionalParts } from "../optional/load-optional-parts.js";
import type { ReasoningAssembler } from "./reasoning-assembler.js";
import { ToolCallAssembler, type AssembledToolCall } from "./tool-call-assembler.js";

/** What one model call produced. */
export interface ModelTurn {
  readonly text: string;
  readonly reasoning: readonly ReasoningPart[];
  readonly toolCalls: readonly AssembledToolCall[];
  readonly finishReason: FinishReason;
  readonly usage: TokenUsage;
  /** Whether the provider reported any usage. */
  readonly usageReported: boolean;
}

/** Callbacks for the deltas of a model turn, called as they arrive (as methods: one object serves every turn of a run). */
export interface ModelTurnListener {
  onText(text: string): void;
  onReasoning(text: string, id: string | undefined): void;
  /** A promise to wait for before reading more of the model's stream (backpressure). */
  ready(): Promise<void> | undefined;
  /** The id of the `position`-th call of the turn when the provider gave it none. */
  fallbackToolCallId(position: number): string;
}

const NO_REASONING: readonly ReasoningPart[] = Object.freeze([]);
const NO_CALLS: readonly AssembledToolCall[] = Object.freeze([]);

/**
 * Streams one model call: forwards text and reasoning deltas as they come, assembles
 * tool calls and reasoning blocks, and sums usage. Stops at once when the run aborts
 * (throwing `RunAbortedError`) even if the provider ignores `request.signal`, and
 * closes the provider's stream.
 */
export async function streamModelTurn(provider: ModelProvider, request: ModelRequest, abort: AbortHub, listener: ModelTurnListener): Promise<ModelTurn> {
  // A run that cannot abort (it has no signal) reads its stream without racing each part.
  const interruption = abort.canAbort ? new Interruption(abort) : undefined;
  const iterator = provider.stream(request)[Symbol.asyncIterator]();
  let text = "";
  let reasoning: ReasoningAssembler | undefined;
  let toolCalls: ToolCallAssembler | undefined;
  let finishReason: FinishReason | undefined;
  let usage: TokenUsage = ZERO_TOKEN_USAGE;
  let usageReported = false;
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next();
      const step = interruption ? await interruption.race(next) : await next;
      if (step.done) {
        finished = true;
        break;
      }
      const part = step.value;
      switch (part.type) {
        case "text-delta":
          if (part.text.length > 0) {
            text += part.text;
            listener.onText(part.text);
          }
          break;
        case "reasoning-delta": {
          // Reasoning is assembled by code loaded when a model first reasons (the loop's optional parts).
          reasoning ??= new (await loadOptionalParts()).ReasoningAssembler();
          reasoning.add(part, listener);
          break;
        }
        case "tool-call-delta":
          (toolCalls ??= new ToolCallAssembler()).add(part);
          break;
        case "usage":
          // Counts that are not finite numbers of 0 or more (NaN, negative, missing) count as 0.
          usage = addTokenUsage(usage, validTokenUsage(part.usage));
          usageReported = true;
          break;
        case "finish":
          finishReason = part.reason;
          if (part.usage) {
            usage = validTokenUsage(part.usage);
            usageReported = true;
          }
          break;
      }
      const ready = listener.ready();
      if (ready) await (interruption ? interruption.race(ready) : ready);
    }
  } finally {
    interruption?.dispose();
    if (!finished && iterator.return) {
      // Close the provider stream (cancels its HTTP request); never wait on a misbehaving one.
      void Promise.resolve()
        .then(() => iterator.return?.())
        .catch(() => undefined);
    }
  }
  const calls = toolCalls ? toolCalls.finish(listener) : NO_CALLS;
  return {
    text,
    reasoning: reasoning ? reasoning.finish() : NO_REASONING,
    toolCalls: calls,
    finishReason: finishReason ?? (calls.length > 0 ? "tool_calls" : "stop"),
    usage,
    usageReported,
  };
}
