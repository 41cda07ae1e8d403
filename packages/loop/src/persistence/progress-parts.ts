import { applyProgressStepUpdate, type ProgressStepUpdate, type StoredProgressPart } from "@baton/core";

/**
 * Applies one progress step of a tool call to the `progress` parts a stored run's
 * message holds (one part per call and progress group, in the order the groups first
 * appeared). Only a run with storage keeps them.
 */
export function recordProgressStep(parts: StoredProgressPart[], toolCallId: string, toolName: string, step: ProgressStepUpdate): void {
  const index = parts.findIndex((part) => part.toolCallId === toolCallId && part.group.name === step.group);
  const group = applyProgressStepUpdate(index >= 0 ? parts[index]!.group : undefined, step);
  const part: StoredProgressPart = { type: "progress", toolCallId, toolName, group };
  if (index >= 0) parts[index] = part;
  else parts.push(part);
}
