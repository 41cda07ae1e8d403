import type { ModelProvider } from "../model/index.js";
import type { ToolRegistry } from "../tools/index.js";
import type { AgentEvent } from "../events/index.js";

/** What hooks receive besides the state: the run's fixed surroundings. */
export interface AgentContext {
  readonly runId: string;
  readonly agentPath: string;
  /** The tools of this run (the run's own copy). A hook may change it, for example unregister a tool that keeps failing. */
  readonly registry: ToolRegistry;
  readonly provider: ModelProvider;
  /** The base model id of the run. */
  readonly model: string;
  /** The application's context given to the run. */
  readonly context: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
  /**
   * Sends text to the user as if the model had written it (a `text-delta` event). It is
   * stored, and it comes before the text of the next model turn in the result's text.
   */
  sendText(text: string): void;
  /** Sends a plan, handoff or loop-detection event into the run's stream (stamped like every event). */
  emit(event: AgentEvent): void;
}
