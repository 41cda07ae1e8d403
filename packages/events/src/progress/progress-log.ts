import { checkOptions, applyProgressStepUpdate, type SerializedProgressGroup, type StreamEvent } from "@baton/core";
import { PROGRESS_LOG_GROUPS_RULES } from "../options/option-rules.js";

/** One progress group rebuilt by a {@link ProgressLog}, with the tool call that reported it. */
export interface ProgressLogEntry {
  /** Agent that ran the tool (`main`, `main/researcher#1`). */
  readonly agentPath: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** The group as the tool's `ProgressGroup.serialize()` returns it. */
  readonly group: SerializedProgressGroup;
}

/** Options of {@link ProgressLog.groups}. */
export interface ProgressLogGroupsOptions {
  /** Only groups reported by tools of this agent. */
  readonly agentPath?: string;
}

/**
 * Rebuilds progress groups on the consumer side, from events only: feed it every
 * event (`onEvent`, a sink, a decoded SSE stream) and it applies the `tool-progress`
 * events that carry a `step`, ignoring the rest. Groups are kept per agent, tool call
 * and group name, in the order they first appeared; a storage writer can store them
 * as `PROGRESS` content parts and a browser can render them.
 *
 * @example
 * const log = new ProgressLog();
 * await run({ ..., onEvent: (event) => { log.apply(event); } });
 * log.groups("call_1"); // [{ name: "Searching the web", icon: "SEARCH", steps: [...] }]
 */
export class ProgressLog {
  private readonly entriesByKey = new Map<string, ProgressLogEntry>();

  /**
   * Applies an event. Returns the entry it changed (its group after the update), or
   * `undefined` when the event is not a progress step.
   */
  apply(event: StreamEvent): ProgressLogEntry | undefined {
    if (event.type !== "tool-progress" || event.step === undefined) return undefined;
    const step = event.step;
    const key = JSON.stringify([event.agentPath, event.toolCallId, step.group]);
    const previous = this.entriesByKey.get(key);
    const entry: ProgressLogEntry = {
      agentPath: event.agentPath,
      toolCallId: event.toolCallId,
      toolName: event.toolName,
      group: applyProgressStepUpdate(previous?.group, step),
    };
    this.entriesByKey.set(key, entry);
    return entry;
  }

  /**
   * The rebuilt groups, in the order they first appeared: all of them, or those of one
   * tool call (optionally of one agent, as nested agents may reuse tool-call ids).
   */
  groups(toolCallId?: string, options: ProgressLogGroupsOptions = {}): SerializedProgressGroup[] {
    checkOptions("ProgressLog.groups", options, PROGRESS_LOG_GROUPS_RULES);
    return this.entries()
      .filter(
        (entry) => (toolCallId === undefined || entry.toolCallId === toolCallId) && (options.agentPath === undefined || entry.agentPath === options.agentPath),
      )
      .map((entry) => entry.group);
  }

  /** Every rebuilt group with its agent and tool call, in the order they first appeared. */
  entries(): ProgressLogEntry[] {
    return [...this.entriesByKey.values()];
  }

  /** Number of groups. */
  get size(): number {
    return this.entriesByKey.size;
  }
}
