import { applyProgressStepUpdate, type ProgressStepUpdate, type StoredProgressPart } from "@baton/core";

/**
 * The progress groups a run's tool calls report, rebuilt from their `tool-progress`
 * steps, as the `progress` parts the run's stored message holds.
 */
export class ProgressParts {
  private readonly byKey = new Map<string, StoredProgressPart>();

  /** Starts from the parts of a checkpoint (a resumed run). */
  load(parts: readonly StoredProgressPart[]): void {
    for (const part of parts) this.byKey.set(`${part.toolCallId}\u0000${part.group.name}`, part);
  }

  /** Applies one step update of a tool call. */
  apply(toolCallId: string, toolName: string, step: ProgressStepUpdate): void {
    const key = `${toolCallId}\u0000${step.group}`;
    const previous = this.byKey.get(key);
    this.byKey.set(key, { type: "progress", toolCallId, toolName, group: applyProgressStepUpdate(previous?.group, step) });
  }

  /** The parts, in the order their groups first appeared. */
  parts(): StoredProgressPart[] {
    return [...this.byKey.values()];
  }
}
