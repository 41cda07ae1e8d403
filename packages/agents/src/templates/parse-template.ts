import { checkOptions, optionIs as is } from "@baton/core";
import type { z } from "zod";
import { AgentTemplateError } from "./template-errors.js";
import { issuePath } from "../validation/issue-path.js";
import { agentTemplateSchema, type AgentTemplate } from "./template-schema.js";
import { OrchestrationDefinitionError } from "../steps/definition-error.js";
import { parseOrchestrationDefinition } from "../steps/parse-definition.js";
import type { StepPredicate } from "../steps/step-predicate.js";

/** One line per issue, naming the field; each unknown field gets its own line. */
function issueLines(error: z.ZodError): string[] {
  const lines: string[] = [];
  for (const issue of error.issues) {
    const at = issuePath(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) lines.push(`${at.length > 0 ? `${at}.` : ""}${key}: Unknown field.`);
    } else {
      lines.push(`${at.length > 0 ? at : "(template)"}: ${issue.message}`);
    }
  }
  return lines;
}

/** Options of {@link parseAgentTemplate}. */
export interface ParseTemplateOptions {
  /** Where the template came from, for error messages (a file path). */
  readonly source?: string;
  /** The predicates the template's `steps` name in `custom` conditions (functions cannot be JSON). */
  readonly predicates?: Readonly<Record<string, StepPredicate>>;
}

/**
 * Reads an agent template: JSON text or an already parsed value. Every problem is
 * reported at once, each naming its field.
 *
 * @throws AgentTemplateError (`INVALID_AGENT_DEFINITION`) listing the bad fields, e.g.
 *   `tools[2]: Invalid input: expected string, received number`.
 *
 * @throws ConfigurationError for an unknown option (accepted: `source`, `predicates`)
 *   or a value of the wrong type.
 *
 * @example
 * const template = parseAgentTemplate('{"name":"helper","instructions":"Be brief.","model":"gpt-4.1"}');
 */
export function parseAgentTemplate(json: string | unknown, options: ParseTemplateOptions = {}): AgentTemplate {
  checkOptions("parseAgentTemplate", options, { source: is.string, predicates: is.object });
  const label = options.source === undefined ? "Invalid agent template:" : `Invalid agent template ${options.source}:`;
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new AgentTemplateError(`${label} not valid JSON (${error instanceof Error ? error.message : String(error)}).`, [], options.source);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AgentTemplateError(`${label} expected a JSON object.`, [], options.source);
  }
  const parsed = agentTemplateSchema.safeParse(value);
  if (!parsed.success) throw new AgentTemplateError(label, issueLines(parsed.error), options.source);
  if (parsed.data.steps !== undefined) {
    // The steps are an orchestration definition: checked here too, so every error names its field.
    try {
      parseOrchestrationDefinition(parsed.data.steps, options.predicates ?? {});
    } catch (error) {
      if (!OrchestrationDefinitionError.isInstance(error)) throw error;
      throw new AgentTemplateError(
        label,
        error.issues.map((issue) => `steps${issue.path.length > 0 ? `.${issue.path}` : ""}: ${issue.message}`),
        options.source,
      );
    }
  }
  return parsed.data;
}
