import { LOGGER_RULE, optionIs as is, requiredOption, type OptionRule, type OptionRules } from "@baton/core";
import type { ResumeOptions, RunOptions } from "./run-options.js";

/**
 * Any number: the loop's own checks (in `validateRunSettings`) then say which range
 * it must be in, with the messages they always gave.
 */
const aNumber: OptionRule = { expected: "a number", test: (v) => typeof v === "number" };
const finiteNumber: OptionRule = { expected: "a finite number", test: (v) => typeof v === "number" && Number.isFinite(v) };

/**
 * The rule of every key of {@link RunOptions}, for `checkOptions`. `run()` and
 * `stream()` reject any other key with a `ConfigurationError`. Limits are `a number`
 * here: their range is checked afterwards with the messages of
 * {@link validateRunSettings}. Objects the loop hands on are checked as objects only:
 * `config` (hooks; a config may be a class instance with fields of its own),
 * `context` (the application's data), `decisions` (keyed by interruption id) and
 * `resume` (a run state, parsed and checked by `parseRunState`).
 *
 * @example checkOptions("myRun", options, runOptionRules)
 */
export const runOptionRules = Object.freeze({
  provider: requiredOption(is.objectWith("a ModelProvider", "stream")),
  model: requiredOption(is.nonEmptyString),
  input: is.either(is.string, is.array),
  resume: is.either(is.string, is.object),
  decisions: is.object,
  instructions: is.string,
  tools: is.either(is.array, is.objectWith("a ToolRegistry", "list", "get")),
  config: is.object,
  agentName: is.string,
  runId: is.nonEmptyString,
  signal: is.abortSignal,
  toolCallLimit: aNumber,
  maxIterations: aNumber,
  maxOutputTokens: aNumber,
  temperature: finiteNumber,
  toolTimeoutMs: aNumber,
  maxConcurrentTools: aNumber,
  maxToolErrorLength: aNumber,
  tokenBudget: aNumber,
  costBudget: aNumber,
  tokenCounter: is.objectWith("a TokenCounter", "countText", "countMessages"),
  contextEngine: is.objectWith("a ContextEngine", "prepare"),
  contextLimit: aNumber,
  storage: is.object,
  conversationId: is.nonEmptyString,
  userId: is.string,
  claimOwner: is.nonEmptyString,
  onClaim: is.function,
  claimLeaseMs: aNumber,
  storageWaitMs: aNumber,
  retryableErrorEnds: is.oneOf("run", "attempt"),
  context: is.object,
  onEvent: is.function,
  sinks: is.array,
  streamHighWaterMark: aNumber,
  maxDepth: aNumber,
  logger: LOGGER_RULE,
} satisfies Record<keyof RunOptions, OptionRule>) satisfies OptionRules;

/**
 * The rule of every key of {@link ResumeOptions}: those of {@link runOptionRules}
 * without `input` and `resume`, with `runId` and `storage` required. `resume()` and
 * `resumeStream()` reject any other key.
 */
export const resumeOptionRules = Object.freeze(
  Object.fromEntries(
    Object.entries(runOptionRules)
      .filter(([key]) => key !== "input" && key !== "resume")
      .map(([key, rule]) => [key, key === "runId" || key === "storage" ? requiredOption(rule) : rule]),
  ) as Record<keyof ResumeOptions, OptionRule>,
) satisfies OptionRules;
