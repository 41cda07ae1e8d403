import { run, type EventSink, type RunResult } from "baton";
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
 * Runs the chat agent on one message: a supervisor with the `research` tool (two
 * researcher sub-agents with a `search` tool each) and the quick `clock` tool. The
 * models are scripted (see `scripted/`); replace `supervisorModel` with a provider
 * adapter once one exists.
 */
export function runChatAgent(options: ChatAgentRunOptions): Promise<RunResult> {
  return run({
    provider: supervisorModel(options.pace),
    model: SCRIPTED_MODEL_ID,
    agentName: SUPERVISOR_NAME,
    input: options.message,
    instructions: SUPERVISOR_INSTRUCTIONS,
    tools: [researchTool(options.pace), clockTool(options.pace)],
    signal: options.signal,
    sinks: [options.sink],
    maxIterations: 4,
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  });
}
