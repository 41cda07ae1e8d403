import { STORE_EVERYTHING, applyDataPolicy, storesToolCall, storesToolResult, type AssistantMessage, type DataPolicy } from "@baton/core";
import { jsonText } from "./json-text.js";

/**
 * Decides which content (messages, tool arguments and results) goes on spans, and in
 * which form: nothing unless content capture is on, and then never what the data
 * policy excludes. Every method returns the attribute's text, or undefined for "record
 * nothing".
 */
export interface ContentRecorder {
  /** Whether any content is recorded at all. */
  readonly enabled: boolean;
  /** A tool call's arguments (`gen_ai.tool.call.arguments`). */
  toolArguments(toolName: string, args: unknown): string | undefined;
  /** A tool call's result (`gen_ai.tool.call.result`). */
  toolResult(toolName: string, result: unknown): string | undefined;
  /** A tool's progress message. */
  toolProgress(toolName: string, message: string): string | undefined;
  /** A model turn in the GenAI output-messages form (`gen_ai.output.messages`). */
  outputMessages(message: AssistantMessage, finishReason: string | undefined): string | undefined;
  /** An agent's final answer, as output messages. */
  finalAnswer(text: string): string | undefined;
}

/** One part of a GenAI output message (the conventions' JSON schema). */
type OutputPart =
  | { readonly type: "text"; readonly content: string }
  | { readonly type: "reasoning"; readonly content: string }
  | { readonly type: "tool_call"; readonly id: string; readonly name: string; readonly arguments: unknown };

/** Records nothing: content capture is off. */
const RECORD_NOTHING: ContentRecorder = {
  enabled: false,
  toolArguments: () => undefined,
  toolResult: () => undefined,
  toolProgress: () => undefined,
  outputMessages: () => undefined,
  finalAnswer: () => undefined,
};

/** The recorder for the sink's options: {@link RECORD_NOTHING} unless `captureContent`, else content as `policy` allows it. */
export function contentRecorder(captureContent: boolean, policy: DataPolicy = STORE_EVERYTHING): ContentRecorder {
  if (!captureContent) return RECORD_NOTHING;
  return {
    enabled: true,
    toolArguments: (toolName, args) => (storesToolCall(policy, toolName) ? jsonText(args) : undefined),
    toolResult: (toolName, result) => (storesToolResult(policy, toolName) ? jsonText(result) : undefined),
    toolProgress: (toolName, message) => (storesToolResult(policy, toolName) ? message : undefined),
    outputMessages(message, finishReason) {
      const kept = applyDataPolicy([message], policy)[0];
      if (kept?.role !== "assistant") return undefined;
      const parts: OutputPart[] = kept.content.map((part) => {
        if (part.type === "tool-call") return { type: "tool_call", id: part.toolCallId, name: part.toolName, arguments: part.arguments };
        return { type: part.type, content: part.text };
      });
      return jsonText([{ role: "assistant", parts, ...(finishReason ? { finish_reason: finishReason } : {}) }]);
    },
    finalAnswer: (text) => (policy.storeText && text !== "" ? jsonText([{ role: "assistant", parts: [{ type: "text", content: text }] }]) : undefined),
  };
}
