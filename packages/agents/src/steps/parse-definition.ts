import { orchestrationDefinitionSchema, type OrchestrationDefinition } from "./definition-schema.js";
import { OrchestrationDefinitionError, formatIssuePath, type DefinitionIssue } from "./definition-error.js";
import type { StepPredicate } from "./step-predicate.js";
import { fromAgentDockNames } from "./agentdock-names.js";

/** Checks what the schema cannot: unique names, one default, known predicates, reachable steps. */
function crossCheck(definition: OrchestrationDefinition, predicates: Readonly<Record<string, StepPredicate>>): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const firstIndex = new Map<string, number>();
  let defaultIndex: number | undefined;
  definition.steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    const seen = firstIndex.get(step.name);
    if (seen === undefined) firstIndex.set(step.name, i);
    else issues.push({ path: `${at}.name`, message: `duplicate step name "${step.name}" (also steps[${seen}])` });
    if (step.isDefault) {
      if (defaultIndex === undefined) defaultIndex = i;
      else issues.push({ path: `${at}.isDefault`, message: `only one step may be the default (steps[${defaultIndex}] already is)` });
    }
    if (!step.isDefault && (step.conditions ?? []).length === 0) {
      issues.push({ path: `${at}.conditions`, message: "a step that is not the default needs at least one condition, or it can never become active" });
    }
    step.conditions?.forEach((condition, j) => {
      if (condition.type !== "custom" || Object.hasOwn(predicates, condition.predicate)) return;
      const known = Object.keys(predicates);
      issues.push({
        path: `${at}.conditions[${j}].predicate`,
        message: `unknown predicate "${condition.predicate}" (${known.length > 0 ? `known: ${known.join(", ")}` : "no predicates were given"})`,
      });
    });
    const denied = new Set(step.deniedTools ?? []);
    step.sequence?.forEach((tool, k) => {
      if (denied.has(tool)) issues.push({ path: `${at}.sequence[${k}]`, message: `"${tool}" is in the step's deniedTools` });
    });
  });
  return issues;
}

/**
 * Validates a declarative orchestration definition (for example parsed from JSON)
 * and returns it typed, in Baton's names. A definition written as AgentDock writes
 * it (`availableTools: { allowed, denied }`, conditions with `type` and `value`) loads
 * as is (the AgentDock field names are mapped to these). Throws an {@link OrchestrationDefinitionError} listing every
 * problem with the path of its field, e.g. `steps[1].conditions[0].type: …`.
 *
 * @param predicates the custom predicates the definition may name.
 */
export function parseOrchestrationDefinition(input: unknown, predicates: Readonly<Record<string, StepPredicate>> = {}): OrchestrationDefinition {
  const naming: DefinitionIssue[] = [];
  const parsed = orchestrationDefinitionSchema.safeParse(fromAgentDockNames(input, naming));
  if (naming.length > 0) throw new OrchestrationDefinitionError(naming);
  if (!parsed.success) {
    throw new OrchestrationDefinitionError(parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })));
  }
  const issues = crossCheck(parsed.data, predicates);
  if (issues.length > 0) throw new OrchestrationDefinitionError(issues);
  return parsed.data;
}

/**
 * Checks that every tool a definition names is among the run's tools; throws an
 * {@link OrchestrationDefinitionError} naming each unknown one by its field.
 */
export function checkDefinitionTools(definition: OrchestrationDefinition, tools: readonly { readonly name: string }[]): void {
  const names = new Set(tools.map((tool) => tool.name));
  const issues: DefinitionIssue[] = [];
  const check = (path: string, tool: string): void => {
    if (!names.has(tool)) issues.push({ path, message: `unknown tool "${tool}" (the run's tools: ${[...names].join(", ") || "none"})` });
  };
  definition.steps.forEach((step, i) => {
    const at = `steps[${i}]`;
    step.sequence?.forEach((tool, k) => {
      check(`${at}.sequence[${k}]`, tool);
    });
    step.allowedTools?.forEach((tool, k) => {
      check(`${at}.allowedTools[${k}]`, tool);
    });
    step.deniedTools?.forEach((tool, k) => {
      check(`${at}.deniedTools[${k}]`, tool);
    });
    step.conditions?.forEach((condition, j) => {
      if (condition.type === "tool_used") check(`${at}.conditions[${j}].tool`, condition.tool);
      else if (condition.type === "sequence_match") {
        condition.sequence.forEach((tool, k) => {
          check(`${at}.conditions[${j}].sequence[${k}]`, tool);
        });
      }
    });
  });
  if (issues.length > 0) throw new OrchestrationDefinitionError(issues);
}
