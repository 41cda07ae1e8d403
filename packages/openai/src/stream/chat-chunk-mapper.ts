import type { FinishReason, ModelStreamPart, TokenUsage } from "@baton/core";
import { chatFinishReason } from "./finish-reason.js";
import type { StreamMapper } from "./pump-stream.js";
import { chatUsage, type ChatUsageFields } from "./usage.js";

/** A streamed tool-call piece as OpenAI and the compatible servers send it. */
interface ChatToolCallDelta {
  readonly index?: number;
  readonly id?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/** The delta of a chunk, with the reasoning fields compatible servers add. */
interface ChatDelta {
  readonly content?: string | null;
  readonly refusal?: string | null;
  /** DeepSeek, xAI, vLLM. */
  readonly reasoning_content?: string | null;
  /** Groq, OpenRouter, Ollama. */
  readonly reasoning?: string | null;
  readonly tool_calls?: readonly ChatToolCallDelta[] | null;
  readonly function_call?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/** One chunk of a Chat Completions stream (the fields read here). */
export interface ChatChunkFields {
  readonly choices?: ReadonlyArray<{ readonly delta?: ChatDelta | null; readonly finish_reason?: string | null }> | null;
  readonly usage?: ChatUsageFields | null;
  /** Groq puts usage here (older streams only here). */
  readonly x_groq?: { readonly usage?: ChatUsageFields | null } | null;
}

/**
 * Turns Chat Completions chunks into Baton stream parts. `accept` maps one chunk:
 * reasoning (`reasoning_content` or `reasoning`), text, refusals (as text; the finish
 * reason becomes `content_filter`) and tool calls by index. The finish reason and the
 * usage arrive in separate chunks, so `close` emits `usage` then `finish` once the
 * stream has ended (`close`). Only the first choice is read.
 */
export class ChatChunkMapper implements StreamMapper<ChatChunkFields> {
  private finishReason: string | undefined;
  private usage: TokenUsage | undefined;
  private sawToolCalls = false;
  private refused = false;

  /** Appends the parts of one chunk to `out`. */
  accept(chunk: ChatChunkFields, out: ModelStreamPart[]): void {
    const usage = chunk.usage ?? chunk.x_groq?.usage;
    if (usage) this.usage = chatUsage(usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta;
    if (delta) {
      const reasoning = delta.reasoning_content || delta.reasoning;
      if (reasoning) out.push({ type: "reasoning-delta", text: reasoning });
      if (delta.content) out.push({ type: "text-delta", text: delta.content });
      if (delta.refusal) {
        this.refused = true;
        out.push({ type: "text-delta", text: delta.refusal });
      }
      if (delta.tool_calls) this.acceptToolCalls(delta.tool_calls, out);
      else if (delta.function_call) this.acceptToolCalls([{ index: 0, function: delta.function_call }], out);
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  private acceptToolCalls(calls: readonly ChatToolCallDelta[], out: ModelStreamPart[]): void {
    for (let position = 0; position < calls.length; position++) {
      const call = calls[position]!;
      this.sawToolCalls = true;
      const name = call.function?.name;
      out.push({
        type: "tool-call-delta",
        index: call.index ?? position,
        ...(call.id ? { id: call.id } : {}),
        ...(name ? { name } : {}),
        argumentsDelta: call.function?.arguments ?? "",
      });
    }
  }

  /** Whether a finish reason arrived (a stream without one was cut off). */
  get finished(): boolean {
    return this.finishReason !== undefined;
  }

  /** Appends the closing `usage` (when reported) and `finish` parts. */
  close(out: ModelStreamPart[]): void {
    let reason: FinishReason = chatFinishReason(this.finishReason ?? "other", this.sawToolCalls);
    if (this.refused && reason === "stop") reason = "content_filter";
    if (this.usage) {
      out.push({ type: "usage", usage: this.usage });
      out.push({ type: "finish", reason, usage: this.usage });
    } else {
      out.push({ type: "finish", reason });
    }
  }
}
