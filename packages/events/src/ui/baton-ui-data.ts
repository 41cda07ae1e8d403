import type { Interruption, InterruptionKind, ProgressStepUpdate, SerializedError, SerializedProgressGroup, StopReason, StreamEvent } from "@baton/core";

/** One piece of a nested agent's work, as shown in its `data-baton-agent` part. */
export type BatonAgentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "reasoning"; readonly text: string }
  | {
      readonly type: "tool";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      /**
       * Same states as the AI SDK's tool parts: `approval-requested` while the call waits
       * for a person's approval; a call that paused for a question stays `input-available`.
       */
      readonly state: "input-available" | "approval-requested" | "output-available" | "output-error";
      readonly output?: unknown;
      readonly errorText?: string;
      /**
       * Set once the call paused (`tool-interrupted`): a call held before it started waits
       * for its own approval (state `approval-requested`); one that started waits for its
       * question (`payload`) or for the interruptions of the sub-agents it runs.
       */
      readonly interruption?: { readonly kind: InterruptionKind; readonly payload?: unknown };
    };

/**
 * Data of a `data-baton-agent` part: a nested agent (agent path with a `/`) and what
 * it did so far. The part has the id `agent:<agentPath>` and is sent again, whole,
 * whenever the agent starts, calls a tool, gets a tool result or error, ends a step
 * or ends; the AI SDK replaces the part in place.
 */
export interface BatonAgentData {
  readonly agentPath: string;
  readonly parentAgentPath?: string;
  readonly model?: string;
  /**
   * `failed` when the agent stopped with an error or was aborted; `interrupted` when it
   * paused for a person (the run's `data-baton-interruption` parts say for what).
   */
  readonly status: "running" | "done" | "failed" | "interrupted";
  /** Text, reasoning and tool calls in the order they happened. */
  readonly parts: readonly BatonAgentPart[];
  /** Why it stopped, once it ended. */
  readonly stopReason?: StopReason;
  /** Its final answer, once it ended. */
  readonly text?: string;
  /** The error it reported, if any. */
  readonly error?: SerializedError;
}

/**
 * Data of a `data-baton-progress-group` part: a progress group of one tool call as
 * rebuilt so far (see `ProgressLog`). The part has the id
 * `progress:<agentPath>:<toolCallId>:<group name>` and is replaced on every step change.
 */
export interface BatonProgressGroupData {
  readonly agentPath: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly group: SerializedProgressGroup;
}

/** Data of a transient `data-baton-tool-progress` part: one `tool-progress` event. */
export interface BatonToolProgressData {
  readonly agentPath: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly message: string;
  readonly data?: unknown;
  readonly step?: ProgressStepUpdate;
}

/** Data of a `data-baton-plan` part (id `plan:<agentPath>`): the agent's current plan. */
export interface BatonPlanData {
  readonly agentPath: string;
  readonly version: number;
  readonly items: readonly { readonly id: string; readonly title: string; readonly status: string }[];
}

/**
 * The data parts the adapter sends, by name, for typing the AI SDK's messages:
 * `UIMessage<unknown, BatonUiDataTypes>`. `baton-event` parts are transient: they
 * carry Baton events without a part of their own (tool start, usage, handoffs, …).
 * `baton-interruption` parts (id `interruption:<id>`) are what a paused run waits for
 * that the AI SDK has no part state for: a tool's question, or an approval asked by a
 * nested agent (an approval of the root agent turns its tool part `approval-requested`
 * instead). Answer each by its `id` in the decisions of the resumed run.
 *
 * @example
 * const { messages } = useChat<UIMessage<unknown, BatonUiDataTypes>>();
 * const questions = messages.at(-1)?.parts.filter((part) => part.type === "data-baton-interruption");
 */
export type BatonUiDataTypes = {
  "baton-agent": BatonAgentData;
  "baton-progress-group": BatonProgressGroupData;
  "baton-tool-progress": BatonToolProgressData;
  "baton-plan": BatonPlanData;
  "baton-interruption": Interruption;
  "baton-event": StreamEvent;
};
