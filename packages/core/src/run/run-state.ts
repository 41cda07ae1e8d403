import type { Message, ToolCallPart } from "../messages/index.js";
import type { ToolChoice } from "../model/index.js";
import type { Usage } from "../usage/index.js";
import type { SerializedError } from "../errors/index.js";
import type { StoredProgressPart } from "../storage/conversation-store.js";
import type { StopReason } from "../agent/stop-reason.js";
import type { ToolCallRecord, ToolCallStatus } from "../agent/run-result.js";
import type { InterruptionKind } from "./interruption.js";
import type { StepName } from "./next-step.js";

/** The name of the serialized format; {@link RunState} carries it in `format`. */
export const RUN_STATE_FORMAT = "baton.run-state";

/**
 * The format version this Baton writes. Every earlier version stays loadable
 * (`parseRunState` upgrades it): 2 was the run checkpoint of the first storage
 * release; `baton.approval` 1 was the approval state of the first agents release.
 */
export const RUN_STATE_VERSION = 3;

/** Where an agent's run stands: going, paused until decisions arrive, or ended. */
export type AgentRunStatus = "running" | "interrupted" | "finished";

/** How a call of a tool batch stands. */
export type BatchCallStatus =
  /**
   * Not started yet, as far as this state knows: a resumed run reads the call's
   * journal entry to tell a call that never started from one that finished (its
   * outcome is taken) and one in doubt (see `BatchCall.waitingFor`).
   */
  | "pending"
  /** Held until a person decides: an approval (nothing of it ran), or a call in doubt (it may have run). */
  | "awaiting"
  /** Started and paused: the tool asked a question, or a sub-agent it runs paused. It runs again on resume, with the answers. */
  | "interrupted"
  /** Finished: `outcome` holds how. */
  | "done";

/** How one tool call ended, as the run keeps it (JSON-safe). */
export interface ToolCallOutcome {
  readonly status: ToolCallStatus;
  /** The tool's result, when `status` is `ok`. */
  readonly result?: unknown;
  /** Why it failed, when `status` is not `ok`. */
  readonly error?: SerializedError;
  readonly durationMs: number;
}

/** One call of a tool batch, with what is known of it so far. */
export interface BatchCall {
  /** The call as recorded in the assistant turn (its id unique in the run tree). */
  readonly call: ToolCallPart;
  status: BatchCallStatus;
  /** Set when `beforeToolCalls` refused the call: the result the model reads (the call never runs). */
  refusal?: { readonly result: unknown; readonly status: Exclude<ToolCallStatus, "ok">; readonly error?: SerializedError };
  /** Set when `beforeToolCalls` rewrote the arguments: what the tool runs with. */
  arguments?: unknown;
  /**
   * Set when a decision on a call in doubt settled it without running it (a result
   * given, or a failure): how it ended. The call is recorded with it and never runs.
   */
  decided?: ToolCallOutcome;
  /**
   * Set when a decision on a call in doubt said to run it again: the journaled attempt
   * the decision covered. The call runs (its next attempt); should that attempt be in
   * doubt too, it is asked about again.
   */
  runAgain?: number;
  /** What the call waits for while `awaiting` (an approval, or a decision on a call in doubt) or `interrupted`. */
  waitingFor?: { readonly kind: InterruptionKind; readonly payload?: unknown };
  /** A person's approval of an `awaiting` call (once decided). */
  approval?: { readonly approved: boolean; readonly reason?: string };
  /** Answers to the questions the tool asked, in the order it asked them (`ctx.askUser`). */
  answers?: unknown[];
  /** Nested runs this call started, in the order it started them (`ctx.runSubAgent`), while the batch is open. */
  subRuns?: AgentState[];
  /** How it ended, once `done`. */
  outcome?: ToolCallOutcome;
}

/**
 * The tool batch of the current step: the calls the model asked for, from the moment
 * the turn ended until every result is in. A checkpoint taken while it is open lets a
 * resumed run finish exactly the calls that did not.
 */
export interface ToolBatchState {
  /** The iteration (model call) that asked for the batch. */
  readonly iteration: number;
  /** Usage of that model call, recorded once the batch ends (it names the tools that succeeded). */
  readonly usage: Usage;
  /** Whether that usage was recorded already (a run that paused records it when it pauses). */
  usageRecorded: boolean;
  /** Whether tools were sent with the call. */
  readonly toolsSent: boolean;
  /** Whether `beforeToolCalls` ran (its decisions are in the calls): it does not run again on resume. */
  decided: boolean;
  readonly calls: BatchCall[];
}

/**
 * The whole state of one agent's run: everything needed to continue it in another
 * process. Plain JSON. Hooks read it and may change it (that is how an agent config
 * steers the loop); hook-owned state lives in `custom`.
 */
export interface AgentState {
  readonly runId: string;
  /** `main`, `main/researcher#2`, …: where the agent sits in the run tree. */
  readonly agentPath: string;
  /** The agent's name (the last segment of its path, without `#n`). */
  readonly agentName: string;
  /** The base model of the run. */
  readonly model: string;
  status: AgentRunStatus;
  /** The step the run goes on with (`prepare` before each model call). */
  step: StepName;
  /** Model calls made so far. */
  iteration: number;
  /** Tool calls counted against the limit: non-iterative tools excluded, sub-agents' counted calls included. */
  toolCallCount: number;
  /** The effective tool-call limit of this run. */
  toolCallLimit: number;
  /** The maximum number of model calls. */
  maxIterations: number;
  /** Whether the last model turn called tools (or a hook kept the run going after an answer). */
  hasToolCalls: boolean;
  /** Tool choice for the next model call; reset to `auto` once a forced choice was used. */
  toolChoice: ToolChoice;
  /** The conversation the run started from (system prompt, history, user message). */
  messages: Message[];
  /** Messages of this run the next model call sees (the context engine may trim them). */
  inLoopMessages: Message[];
  /** Every message the run added, in order: assistant turns and tool results (the result's `messages`). */
  readonly added: Message[];
  /** The iteration of each assistant message in `added`, in order (pairs turns with their usage). */
  readonly turnIterations: number[];
  /** Usage records so far, sub-agents' included, in the order the calls started. */
  readonly usage: Usage[];
  /** Every tool call of this run (not of its sub-agents), in call order. */
  readonly toolCalls: ToolCallRecord[];
  /** Tool metadata by tool-call id (sub-agents' merged in when they end). */
  readonly toolMetadata: Record<string, Record<string, unknown>>;
  /** Tools that failed in the last batch. */
  lastIterationErroredTools: string[];
  /** Tools refused by `shouldUse` in the last batch. */
  toolsNotEnabled: string[];
  /** Tool calls counted from sub-agents so far. */
  subAgentToolCalls: number;
  /** How many nested runs of each name this run started (they are numbered `<name>#<n>` in agent paths). */
  readonly subRunNumbers: Record<string, number>;
  /** True once the last turn was asked to answer without tools (the limit, or a hook). */
  finalAnswerRequested: boolean;
  /** The text of the last model turn. */
  lastText: string;
  /** The tool calls of the last model turn. */
  lastToolCalls: readonly ToolCallPart[];
  /** Text a hook sent to the user (`context.sendText`) that goes before the next turn's text. */
  sentText: string;
  /** Progress groups the run's tool calls reported (kept for storage). */
  readonly progress: StoredProgressPart[];
  /** The tool batch in progress, from the end of a model turn until its results are in. */
  batch?: ToolBatchState;
  /** A hook may set this to say why it ends the run. */
  stopReason?: StopReason;
  /** Set once the run has ended: its final answer text. */
  text?: string;
  /** Set when an error ended the run. */
  error?: SerializedError;
  /** Agent-specific state (retry counts, plans, a todo list, …): JSON-safe, kept in checkpoints. */
  readonly custom: Record<string, unknown>;
}

/** Where the root run's conversation is stored, when it continues a stored one. */
export interface RunConversation {
  readonly id: string;
  /** The last stored message the run read (its new user message included). */
  readonly throughSeq: number;
}

/**
 * A run tree as one JSON value: the root agent's state, and inside it (in the open
 * tool batches) the states of the nested runs in flight. `result.state` of a run is
 * one; `run({ resume: state, decisions })` continues it in any process; checkpoints
 * store exactly this value.
 */
export interface RunState {
  readonly format: typeof RUN_STATE_FORMAT;
  readonly version: typeof RUN_STATE_VERSION;
  readonly runId: string;
  /** Agent path of the root agent (storage keys its checkpoint by it). */
  readonly agentPath: string;
  /** The root's status: `interrupted` while it waits for decisions. */
  readonly status: AgentRunStatus;
  /** Set once the run has finished: no process may continue it. */
  readonly stopReason?: StopReason;
  /** The stored conversation the run continues, if any (its answer is appended there). */
  readonly conversation?: RunConversation;
  /** The end user the run serves, when given. */
  readonly userId?: string;
  /**
   * Only in states upgraded from format 2: the root's history is the stored
   * conversation through `conversation.throughSeq`, read again when the run resumes.
   */
  readonly historyInStorage?: true;
  readonly root: AgentState;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
}

/** The legacy name of {@link AgentState} (the state the hooks of `shared/design` receive). */
export type OrchestratorState = AgentState;
