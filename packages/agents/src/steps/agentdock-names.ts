import type { DefinitionIssue } from "./definition-error.js";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A condition written AgentDock's way (`{ type, value }`), in Baton's names. */
function conditionOf(condition: unknown, step: Json): unknown {
  if (!isObject(condition)) return condition;
  if (condition.type === "sequence_match" && condition.sequence === undefined && condition.value === undefined && Array.isArray(step.sequence)) {
    return { ...condition, sequence: step.sequence };
  }
  if (!Object.hasOwn(condition, "value")) return condition;
  const { value, ...rest } = condition;
  if (rest.type === "tool_used" && rest.tool === undefined) return { ...rest, tool: value };
  // AgentDock's `sequence_match` matches the step's own sequence; a `value` list overrides it.
  if (rest.type === "sequence_match" && rest.sequence === undefined) return { ...rest, sequence: Array.isArray(value) ? value : step.sequence };
  if (rest.type === "custom" && rest.predicate === undefined) return { ...rest, predicate: value };
  return condition;
}

/**
 * An orchestration definition written with AgentDock's names, in Baton's: a step's
 * `availableTools: { allowed, denied }` becomes `allowedTools` and `deniedTools`; a
 * condition's `value` becomes the `tool` of `tool_used`, the `predicate` of `custom`,
 * and the `sequence` of `sequence_match` (which, written without one, matches the
 * step's own `sequence`, as in AgentDock). Definitions in Baton's names pass through
 * unchanged; a step that mixes both ways of naming its tools is reported in `issues`.
 */
export function fromAgentDockNames(input: unknown, issues: DefinitionIssue[]): unknown {
  if (!isObject(input) || !Array.isArray(input.steps)) return input;
  const steps = input.steps.map((step: unknown, i: number) => {
    if (!isObject(step)) return step;
    let next: Json = step;
    if (Object.hasOwn(step, "availableTools")) {
      const { availableTools, ...rest } = step;
      if (rest.allowedTools !== undefined || rest.deniedTools !== undefined) {
        issues.push({ path: `steps[${i}].availableTools`, message: "use either availableTools or allowedTools/deniedTools, not both" });
        return step;
      }
      if (!isObject(availableTools)) {
        issues.push({ path: `steps[${i}].availableTools`, message: "must be an object with allowed and/or denied tool lists" });
        return step;
      }
      const unknown = Object.keys(availableTools).filter((key) => key !== "allowed" && key !== "denied");
      if (unknown.length > 0) issues.push({ path: `steps[${i}].availableTools`, message: `unknown keys ${unknown.join(", ")} (allowed, denied)` });
      next = {
        ...rest,
        ...(availableTools.allowed === undefined ? {} : { allowedTools: availableTools.allowed }),
        ...(availableTools.denied === undefined ? {} : { deniedTools: availableTools.denied }),
      };
    }
    if (Array.isArray(next.conditions)) next = { ...next, conditions: next.conditions.map((condition) => conditionOf(condition, next)) };
    return next;
  });
  return { ...input, steps };
}
