import { checkOptions, optionIs as is, userMessage, type AgentConfig, type PrepareStepHook } from "@baton/core";
import type { z } from "zod";
import { structuredOutputInstructions } from "./output-instructions.js";
import { StructuredOutputError } from "./structured-output-error.js";
import { structuredOutputState } from "./structured-output-state.js";
import { issueLines, validateAnswer, type OutputIssue } from "./validate-answer.js";

/**
 * Options of {@link structuredOutput}.
 *
 * @example
 * structuredOutput(Answer, { maxRepairs: 2, repairText: (issues) => `Fix: ${issues.map((i) => i.path).join(", ")}` });
 */
export interface StructuredOutputOptions {
  /** Repair turns allowed after an invalid answer. Default 1. */
  readonly maxRepairs?: number;
  /**
   * Whether to add the schema instruction ({@link structuredOutputInstructions}) to the
   * instructions of every model call. Default true. Turn it off when your instructions
   * already describe the output.
   */
  readonly addInstructions?: boolean;
  /** The repair message the model sees. Default: the issues as `- path: message` lines and a request to answer again. */
  readonly repairText?: (issues: readonly OutputIssue[]) => string;
}

function defaultRepairText(issues: readonly OutputIssue[]): string {
  return `Your answer does not match the required output schema:\n${issueLines(issues)}\nAnswer again with only a JSON value that matches the schema.`;
}

/**
 * Structured output as an agent config: the final answer (a turn without tool calls
 * that ends the run) must be JSON (a ```` ```json ```` fence is allowed) that the zod
 * schema accepts.
 *
 * - `prepareStep` adds the schema (as JSON Schema) to the instructions of each model
 *   call, after the run's own (unless `addInstructions` is false); the run's state is
 *   not changed, so it is never there twice.
 * - `shouldStop` checks an answer the run would stop on. An invalid one gets a repair
 *   turn: the model is sent the validation errors (path and message) as a user message
 *   and answers again. Once the repairs are used up the run ends with stop reason
 *   `error` and a {@link StructuredOutputError} (code `STRUCTURED_OUTPUT_INVALID`).
 *   An answer a config composed before this one continues from is not final, and is
 *   not checked.
 *
 * The parsed value is kept in `state.custom.structuredOutput`; read it with `outputOf`.
 *
 * @example
 * const Answer = z.object({ city: z.string(), population: z.number() });
 * const result = await run({ provider, model, input, config: composeConfigs(mainThreadConfig(), structuredOutput(Answer)) });
 * const answer = outputOf(result, Answer); // { city, population } | undefined
 *
 * @throws ConfigurationError for an unknown option (accepted: `maxRepairs`,
 *   `addInstructions`, `repairText`) or a value of the wrong type (`maxRepairs` must be
 *   a non-negative integer).
 */
export function structuredOutput<S extends z.ZodType>(schema: S, options: StructuredOutputOptions = {}): AgentConfig {
  checkOptions("structuredOutput", options, { maxRepairs: is.nonNegativeInteger, addInstructions: is.boolean, repairText: is.function });
  const maxRepairs = options.maxRepairs ?? 1;
  const instruction = options.addInstructions === false ? undefined : structuredOutputInstructions(schema);
  const repairText = options.repairText ?? defaultRepairText;
  const addInstruction: PrepareStepHook | undefined =
    instruction === undefined
      ? undefined
      : ({ instructions }) =>
          instructions.includes(instruction) ? undefined : { instructions: instructions.length > 0 ? `${instructions}\n\n${instruction}` : instruction };

  return {
    onRunStart({ state }) {
      structuredOutputState(state);
    },

    ...(addInstruction ? { prepareStep: addInstruction } : {}),

    shouldStop({ state, proposal, text, answered }) {
      if (!answered || !proposal.stop || proposal.error) return undefined;
      const output = structuredOutputState(state);
      const checked = validateAnswer(schema, text);
      if (checked.ok) {
        output.status = "valid";
        output.value = checked.value;
        delete output.issues;
        return undefined;
      }
      output.status = "invalid";
      output.issues = [...checked.issues];
      if (output.repairs >= maxRepairs) return { reason: "error", error: new StructuredOutputError(checked.issues, output.repairs) };
      output.repairs++;
      state.inLoopMessages.push(userMessage(repairText(checked.issues)));
      return false;
    },
  };
}
