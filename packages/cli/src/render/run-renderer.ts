import type { RunResult, StreamEvent } from "@baton/core";

/** What the first line of a run says. */
export interface RunHeader {
  /** The run's id (what `baton resume` and `baton show` take). */
  readonly runId: string;
  /** The template's agent name. */
  readonly agentName: string;
  /** The model id. */
  readonly model: string;
  /** The provider's name (`openai`, …). */
  readonly provider: string;
  /** True for `baton resume`. */
  readonly resumed: boolean;
}

/** How a run ended, as the command saw it. */
export interface RunEnding {
  /** The run's result (its usage, tool calls, stop reason, what it waits for). */
  readonly result: RunResult;
  /** Ctrl-C stopped it. */
  readonly interrupted: boolean;
  /** Whether `baton resume` can continue it (a checkpoint is stored and it did not finish). */
  readonly resumable: boolean;
}

/** Shows a run: its events as they happen, then how it ended. */
export interface RunRenderer {
  /** Prints the first line, before any event. */
  start(header: RunHeader): void;
  /** Shows one event of the run (sub-agents' included), in order. */
  event(event: StreamEvent): void;
  /** Prints how the run ended. */
  end(ending: RunEnding): void;
  /** Stops drawing without an ending: the command failed before the run could end (its error is printed next). */
  close(): void;
}
