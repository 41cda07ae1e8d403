import { createAgent, run, type Agent, type EventSink, type RunResult, type Storage } from "@baton/sdk";
import type { Pace } from "./pace.js";
import { SCRIPTED_MODEL_ID } from "./scripted/model-info.js";
import { supervisorModel } from "./scripted/supervisor-model.js";
import { clockTool } from "./tools/clock-tool.js";
import { researchTool } from "./tools/research-tool.js";

/** Name of the root agent: its agent path is `supervisor`. */
export const SUPERVISOR_NAME = "supervisor";

/** The supervisor's instructions. */
export const SUPERVISOR_INSTRUCTIONS =
  "You are a supervisor. For every question, call `research` (two researchers work in parallel) and `clock` in one batch, then answer from the researchers' findings and name their sources.";

/** Options of {@link runChatAgent}. */
export interface ChatAgentRunOptions {
  /** The user's message. */
  readonly message: string;
  /** Aborts the run (the page's Stop button, or every client gone). */
  readonly signal: AbortSignal;
  /** Receives every event of the run tree, in order; a returned promise is backpressure. */
  readonly sink: EventSink;
  /** How fast the script plays. */
  readonly pace: Pace;
  /** Run id; random when absent. */
  readonly runId?: string;
}

/**
 * What both modes share: the supervisor's scripted model, instructions, tools and
 * iteration cap. The in-process mode runs it with {@link runChatAgent}, the queue
 * workers with {@link createChatAgent}.
 */
export function chatAgentSettings(pace: Pace) {
  return {
    provider: supervisorModel(pace),
    model: SCRIPTED_MODEL_ID,
    instructions: SUPERVISOR_INSTRUCTIONS,
    tools: [researchTool(pace), clockTool(pace)],
    maxIterations: 4,
  };
}

/**
 * Runs the chat agent on one message: a supervisor with the `research` tool (two
 * researcher sub-agents with a `search` tool each) and the quick `clock` tool. The
 * models are scripted (see `scripted/`); replace `supervisorModel` with a provider
 * adapter once one exists.
 */
export function runChatAgent(options: ChatAgentRunOptions): Promise<RunResult> {
  return run({
    ...chatAgentSettings(options.pace),
    agentName: SUPERVISOR_NAME,
    input: options.message,
    signal: options.signal,
    sinks: [options.sink],
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  });
}

/** Options of {@link createChatAgent}. */
export interface ChatAgentOptions {
  /** How fast the script plays. */
  readonly pace: Pace;
  /**
   * Where runs keep their checkpoints: shared by every worker (Redis), so a run whose
   * worker died is resumed by another from its last checkpoint.
   */
  readonly storage: Storage;
  /**
   * How long a process's claim on a run lasts without renewal, in ms; no longer than
   * the queue worker's `lockDurationMs`, so a dead worker's run can be taken over.
   */
  readonly claimLeaseMs: number;
}

/**
 * The same agent as {@link runChatAgent}, as an `Agent` of `createAgent()` with a
 * storage: what a queue worker (`createRunWorker` of `@baton/queue`) runs and resumes.
 */
export function createChatAgent(options: ChatAgentOptions): Agent {
  return createAgent({
    ...chatAgentSettings(options.pace),
    name: SUPERVISOR_NAME,
    storage: options.storage,
    claimLeaseMs: options.claimLeaseMs,
  });
}
