import { ConfigurationError, systemMessage, userMessage, type AgentConfig, type NoToolCallsDecision, type OrchestratorState } from "@baton/core";
import type { z } from "zod";
import { structuredOutputInstructions } from "./output-instructions.js";
import { StructuredOutputError } from "./structured-output-error.js";
import { structuredOutputState } from "./structured-output-state.js";
import { issueLines, validateAnswer, type OutputIssue } from "./validate-answer.js";

/** Options of {@link structuredOutput} and {@link withStructuredOutput}. */
export interface StructuredOutputOptions {
  /** Repair turns allowed after an invalid answer. Default 1. */
  readonly maxRepairs?: number;
  /**
   * Whether to add the schema instruction ({@link structuredOutputInstructions}) to the
   * system prompt. Default true. Turn it off when your instructions already describe the output.
   */
  readonly addInstructions?: boolean;
  /** The repair message the model sees. Default: the issues as `- path: message` lines and a request to answer again. */
  readonly repairText?: (issues: readonly OutputIssue[]) => string;
}

function defaultRepairText(issues: readonly OutputIssue[]): string {
  return (
    "Your answer does not match the required output schema:\n" +
    `${issueLines(issues)}\n` +
    "Answer again with only a JSON value that matches the schema."
  );
}

/** Adds the instruction to the run's system prompt, unless it is already there (a resumed run). */
function ensureInstruction(state: OrchestratorState, instruction: string): void {
  if (state.messages.some((message) => message.role === "system" && message.content.includes(instruction))) return;
  const first = state.messages[0];
  if (first?.role === "system") state.messages[0] = systemMessage(`${first.content}\n\n${instruction}`);
  else state.messages.unshift(systemMessage(instruction));
}

/**
 * Adds structured output to an agent config: the final answer (a turn without tool
 * calls) must be JSON (a ```` ```json ```` fence is allowed) that the zod schema accepts.
 * An invalid answer gets a repair turn: the model is sent the validation errors (path
 * and message) and answers again. Once the repairs are used up the run ends with stop
 * reason `error` and a {@link StructuredOutputError}. The parsed value is kept in
 * `state.custom.structuredOutput` and read with {@link outputOf}. The schema (as JSON
 * Schema) is added to the system prompt unless `addInstructions` is false.
 *
 * The given config's hooks run first: when its `onNoToolCalls` continues the run, the
 * answer is not final and is not checked.
 *
 * @example
 * const Answer = z.object({ city: z.string(), population: z.number() });
 * const result = await run({ provider, model, input, config: withStructuredOutput({}, Answer) });
 * const answer = outputOf(result, Answer); // { city, population } | undefined
 */
export function withStructuredOutput<S extends z.ZodType>(config: AgentConfig, schema: S, options: StructuredOutputOptions = {}): AgentConfig {
  const maxRepairs = options.maxRepairs ?? 1;
  if (!Number.isInteger(maxRepairs) || maxRepairs < 0) throw new ConfigurationError(`structuredOutput: \`maxRepairs\` must be a non-negative integer (got ${maxRepairs}).`);
  const instruction = options.addInstructions === false ? undefined : structuredOutputInstructions(schema);
  const repairText = options.repairText ?? defaultRepairText;

  return {
    ...config,
    initializeAgentState(state: OrchestratorState): void {
      structuredOutputState(state);
      if (instruction) ensureInstruction(state, instruction);
      // An inner hook may in fact be asynchronous: hand its promise to the loop.
      return config.initializeAgentState?.call(config, state);
    },

    shouldContinueLoop(state: OrchestratorState): boolean {
      // A resumed run starts from its stored conversation: put the instruction back.
      if (instruction) ensureInstruction(state, instruction);
      return config.shouldContinueLoop ? config.shouldContinueLoop.call(config, state) : state.hasToolCalls;
    },

    async onNoToolCalls(state, context, reason, toolCalls): Promise<NoToolCallsDecision> {
      const decision = config.onNoToolCalls
        ? await config.onNoToolCalls.call(config, state, context, reason, toolCalls)
        : { shouldContinue: reason !== "NO_CALLS_GENERATED" };
      if (reason !== "NO_CALLS_GENERATED" || decision.shouldContinue) return decision;
      const output = structuredOutputState(state);
      const checked = validateAnswer(schema, state.lastText);
      if (checked.ok) {
        output.status = "valid";
        output.value = checked.value;
        delete output.issues;
        return decision;
      }
      output.status = "invalid";
      output.issues = [...checked.issues];
      if (output.repairs >= maxRepairs) throw new StructuredOutputError(checked.issues, output.repairs);
      output.repairs++;
      state.inLoopMessages.push(userMessage(repairText(checked.issues)));
      return { shouldContinue: true };
    },
  };
}

/**
 * Structured output as an agent config of its own; {@link withStructuredOutput} adds it
 * to an existing config.
 *
 * @example
 * const result = await run({ provider, model, input, config: structuredOutput(Answer) });
 */
export function structuredOutput<S extends z.ZodType>(schema: S, options: StructuredOutputOptions = {}): AgentConfig {
  return withStructuredOutput({}, schema, options);
}
