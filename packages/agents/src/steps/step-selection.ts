import type { OrchestrationDefinition, OrchestrationStep, StepCondition } from "./definition-schema.js";
import type { StepPredicate, StepPredicateInput } from "./step-predicate.js";

/** The step named `name`, if the definition has it. */
export function findStep(definition: OrchestrationDefinition, name: string | undefined): OrchestrationStep | undefined {
  return name === undefined ? undefined : definition.steps.find((step) => step.name === name);
}

/** The name of the default step, if there is one. */
export function defaultStepName(definition: OrchestrationDefinition): string | undefined {
  return definition.steps.find((step) => step.isDefault)?.name;
}

/** Whether `tools` ends with `sequence` (element by element, repeats included). */
export function endsWith(tools: readonly string[], sequence: readonly string[]): boolean {
  if (sequence.length > tools.length) return false;
  const offset = tools.length - sequence.length;
  return sequence.every((tool, i) => tools[offset + i] === tool);
}

/** Whether the step's sequence is started or pending and not finished: the step then holds. */
export function sequenceUnfinished(step: OrchestrationStep | undefined, position: number): boolean {
  return step?.sequence !== undefined && position > 0 && position < step.sequence.length;
}

/** What conditions are checked against. */
export type ConditionInput = Omit<StepPredicateInput, "step">;

function conditionHolds(
  condition: StepCondition,
  step: OrchestrationStep,
  input: ConditionInput,
  predicates: Readonly<Record<string, StepPredicate>>,
): boolean {
  switch (condition.type) {
    case "tool_used":
      return input.recentTools.includes(condition.tool);
    case "sequence_match":
      return endsWith(input.recentTools, condition.sequence);
    case "custom":
      return predicates[condition.predicate]!({ ...input, step }) === true;
  }
}

/**
 * The step that applies after a batch: the first step, in definition order, that has
 * conditions and all of them hold; otherwise the default step (undefined when there is
 * none). A step in the middle of its sequence is not left until the sequence is done.
 */
export function selectStep(
  definition: OrchestrationDefinition,
  current: { readonly step: OrchestrationStep | undefined; readonly position: number },
  input: ConditionInput,
  predicates: Readonly<Record<string, StepPredicate>>,
): OrchestrationStep | undefined {
  if (sequenceUnfinished(current.step, current.position)) return current.step;
  for (const step of definition.steps) {
    const conditions = step.conditions ?? [];
    if (conditions.length > 0 && conditions.every((condition) => conditionHolds(condition, step, input, predicates))) return step;
  }
  return definition.steps.find((step) => step.isDefault);
}
