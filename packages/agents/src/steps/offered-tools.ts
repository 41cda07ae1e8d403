import type { OrchestrationStep } from "./definition-schema.js";

/** The tool a step's sequence requires next, if its sequence is not finished. */
export function nextSequenceTool(step: OrchestrationStep | undefined, position: number): string | undefined {
  return step?.sequence?.[position];
}

/**
 * The names of the tools offered in a step, in the run's tool order: only the next
 * tool of an unfinished sequence; otherwise the allowed tools (all when the step has
 * no `allowedTools`) minus the denied ones. Without a step, every tool.
 */
export function offeredToolNames(allTools: readonly string[], step: OrchestrationStep | undefined, position: number): string[] {
  if (!step) return [...allTools];
  const next = nextSequenceTool(step, position);
  if (next !== undefined) return allTools.filter((tool) => tool === next);
  const allowed = step.allowedTools ? new Set(step.allowedTools) : undefined;
  const denied = new Set(step.deniedTools ?? []);
  return allTools.filter((tool) => (allowed === undefined || allowed.has(tool)) && !denied.has(tool));
}

/** What the model is told when it calls a tool the active step does not allow now. */
export function refusalMessage(
  toolName: string,
  step: OrchestrationStep | undefined,
  position: number,
  offered: readonly string[],
  extraSequenceCall = false,
): string {
  const name = step ? `step "${step.name}"` : "this step";
  const next = nextSequenceTool(step, position);
  if (next !== undefined) {
    if (extraSequenceCall) {
      return `Tool "${toolName}" was not run: ${name} follows a sequence, one tool call at a time. Wait for the result of the previous call, then call the next tool of the sequence.`;
    }
    return `Tool "${toolName}" is not allowed now: ${name} follows a sequence and its next tool is "${next}". Call "${next}" first.`;
  }
  const available = offered.length > 0 ? `Tools available now: ${offered.join(", ")}.` : "No tools are available now: answer without tools.";
  return `Tool "${toolName}" is not allowed in ${name}. ${available}`;
}
