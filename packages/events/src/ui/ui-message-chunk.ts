import type { BatonAgentData, BatonPlanData, BatonProgressGroupData, BatonToolProgressData } from "./baton-ui-data.js";
import type { Interruption, StreamEvent } from "@baton/core";

/**
 * Finish reasons of the AI SDK's `finish` chunk that Baton sends (see
 * `toUiFinishReason`).
 */
export type UiFinishReason = "stop" | "length" | "tool-calls" | "error" | "other";

/** A `data-*` chunk the adapter sends; `transient` ones are not kept in the message. */
export type BatonDataChunk =
  | { readonly type: "data-baton-agent"; readonly id: string; readonly data: BatonAgentData }
  | { readonly type: "data-baton-progress-group"; readonly id: string; readonly data: BatonProgressGroupData }
  | { readonly type: "data-baton-plan"; readonly id: string; readonly data: BatonPlanData }
  | { readonly type: "data-baton-interruption"; readonly id: string; readonly data: Interruption }
  | { readonly type: "data-baton-tool-progress"; readonly data: BatonToolProgressData; readonly transient: true }
  | { readonly type: "data-baton-event"; readonly data: StreamEvent; readonly transient: true };

/**
 * One chunk of the Vercel AI SDK "UI message stream" (protocol version 1, header
 * `x-vercel-ai-ui-message-stream: v1`, as read by `useChat` and `readUIMessageStream`
 * since AI SDK 5). Written here so the adapter needs no `ai` import at run time; the
 * shapes mirror the SDK's `UIMessageChunk` (checked against `ai` 7.0.173 in the tests)
 * and cover only the chunks Baton sends.
 */
export type UiMessageChunk =
  | { readonly type: "start"; readonly messageId?: string; readonly messageMetadata?: unknown }
  | { readonly type: "start-step" }
  | { readonly type: "finish-step" }
  | { readonly type: "text-start"; readonly id: string }
  | { readonly type: "text-delta"; readonly id: string; readonly delta: string }
  | { readonly type: "text-end"; readonly id: string }
  | { readonly type: "reasoning-start"; readonly id: string }
  | { readonly type: "reasoning-delta"; readonly id: string; readonly delta: string }
  | { readonly type: "reasoning-end"; readonly id: string }
  | { readonly type: "tool-input-available"; readonly toolCallId: string; readonly toolName: string; readonly input: unknown; readonly dynamic?: boolean }
  | {
      readonly type: "tool-input-error";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly errorText: string;
      readonly dynamic?: boolean;
    }
  | { readonly type: "tool-output-available"; readonly toolCallId: string; readonly output: unknown; readonly dynamic?: boolean }
  | { readonly type: "tool-output-error"; readonly toolCallId: string; readonly errorText: string; readonly dynamic?: boolean }
  | {
      readonly type: "tool-approval-request";
      /** Baton sends the tool call's id: it is also the key of the decision that answers it. */
      readonly approvalId: string;
      readonly toolCallId: string;
      readonly approvalDescriptor?: unknown;
      readonly reason?: string;
    }
  | BatonDataChunk
  | { readonly type: "message-metadata"; readonly messageMetadata: unknown }
  | { readonly type: "error"; readonly errorText: string }
  | { readonly type: "abort"; readonly reason?: string }
  | { readonly type: "finish"; readonly finishReason?: UiFinishReason; readonly messageMetadata?: unknown };
