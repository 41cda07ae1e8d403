import type { ImagePart, ReasoningPart, TextPart, ToolCallPart, ToolResultPart } from "../messages/index.js";
import type { SerializedProgressGroup } from "../events/index.js";
import type { RunFence } from "./run-store.js";

/**
 * The text of one model turn, with what came with it: the turn's reasoning, its tool
 * calls and the tokens the provider counted for it. In user and system messages a
 * text part carries only `text`.
 */
export interface StoredTextPart extends TextPart {
  /** Reasoning of the turn, in order, as the provider returned it (ids and signatures kept). */
  readonly reasoning?: readonly ReasoningPart[];
  /** Tool calls of the turn, in order. */
  readonly toolCalls?: readonly ToolCallPart[];
  /** Tokens of the turn as the provider reported them (`output` includes `reasoning`). */
  readonly tokens?: { readonly output: number; readonly reasoning: number };
  /** The agent's iteration (model call) that produced the turn. */
  readonly iteration?: number;
}

/** The progress steps one tool call reported while it ran (display only: never sent to a model). */
export interface StoredProgressPart {
  readonly type: "progress";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly group: SerializedProgressGroup;
}

/**
 * The results of one turn's tool calls, in call order. A result the tool marked as
 * not for history holds its summary instead.
 */
export interface StoredToolResultsPart {
  readonly type: "tool-results";
  readonly results: readonly ToolResultPart[];
}

/** One ordered part of a stored message (the design's `contentV2`). */
export type ConversationPart = StoredTextPart | ImagePart | StoredProgressPart | StoredToolResultsPart;

/** Who wrote a stored message. A run's turns, tool results and progress form one `assistant` message. */
export type ConversationRole = "system" | "user" | "assistant";

/** A message to append: the store assigns its position and time. */
export interface NewConversationMessage {
  readonly role: ConversationRole;
  readonly parts: readonly ConversationPart[];
  /** The run that wrote it. */
  readonly runId?: string;
  /** The agent that wrote it (`main`). */
  readonly agentPath?: string;
  /** The end user the conversation belongs to. */
  readonly userId?: string;
}

/** A stored message: a {@link NewConversationMessage} with its place in the conversation. */
export interface ConversationMessage extends NewConversationMessage {
  readonly conversationId: string;
  /** 1-based position in the conversation; gap-free and unique. */
  readonly seq: number;
  /** Milliseconds since the epoch when it was appended. */
  readonly createdAt: number;
}

/** Options of {@link ConversationStore.appendMessages}. */
export interface AppendMessagesOptions {
  /**
   * Optimistic concurrency: append only when the conversation holds exactly this many
   * messages (0: it must be empty or new); otherwise a `StorageConflictError`.
   */
  readonly expectedVersion?: number;
  /**
   * The claim of the run that writes the messages: the append is refused with a
   * `RunClaimLostError`, and nothing appended, unless it is still the run's (checked in
   * the same atomic step). A run's own appends carry it; an application's need not.
   */
  readonly fence?: RunFence;
}

/** What {@link ConversationStore.appendMessages} did. */
export interface AppendMessagesResult {
  /** `seq` of the first appended message. */
  readonly firstSeq: number;
  /** Number of messages in the conversation after the append (the `seq` of the last one). */
  readonly version: number;
}

/** Options of {@link ConversationStore.loadMessages}. */
export interface LoadMessagesOptions {
  /** Only messages with a larger `seq`. */
  readonly afterSeq?: number;
  /** Only messages up to this `seq`. */
  readonly throughSeq?: number;
}

/** Conversations and their messages. */
export interface ConversationStore {
  /**
   * Appends messages after those already in the conversation, all or none (creating
   * the conversation). Concurrent appends to one conversation all land, each as one
   * contiguous block.
   */
  appendMessages(conversationId: string, messages: readonly NewConversationMessage[], options?: AppendMessagesOptions): Promise<AppendMessagesResult>;
  /** A conversation's messages in `seq` order; empty for an unknown conversation. */
  loadMessages(conversationId: string, options?: LoadMessagesOptions): Promise<ConversationMessage[]>;
}
