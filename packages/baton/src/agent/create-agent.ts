import { ConfigurationError, checkOptions, type InterruptDecisions, type RunState } from "@baton/core";
import { checkToolAccess } from "@baton/core/tool-access";
import { resume, run, stream, validateRunSettings, type RunOptions } from "@baton/loop";
import type { Agent } from "./agent.js";
import type { AgentContinueOptions } from "./agent-resume-options.js";
import { agentRegistry } from "./agent-tools.js";
import type { CreateAgentOptions } from "./create-agent-options.js";
import { runOptionsFor, type AgentSetup } from "./run-options-for.js";
import { AGENT_CONTINUE_RULES, AGENT_RESUME_RULES, AGENT_RUN_RULES, CREATE_AGENT_RULES } from "./agent-option-rules.js";

/** The message of the error thrown when `createAgent` is given no provider. */
export const MISSING_PROVIDER_MESSAGE = "createAgent needs a provider: a provider adapter, or scriptedModel() from @baton/testing for tests.";

/**
 * Creates an agent: the options that stay the same for every run, fixed once, so a
 * program starts with one import.
 *
 * What it wires today:
 * - `tools` given as an array become a `ToolSet` from `@baton/tools` (a repeated tool
 *   name throws `DuplicateToolError` here, not at the first run); a registry is used
 *   as is; no tools is an empty `ToolSet`.
 * - `name` becomes the loop's agent name (the root of agent paths).
 * - every other option is passed to the loop's `run()` / `stream()` unchanged, with
 *   the per-call options (`signal`, `runId`, `onEvent`, `conversationId`, `context`,
 *   `toolCallLimit`) of each call on top.
 * - a run that pauses for a person (stop reason `interrupted`) goes on with
 *   `agent.continue(result.state, decisions)` (its state, or the state's JSON, in any
 *   process) or, with `storage`, `agent.resume(runId, { decisions })`.
 *
 * What it does not wire yet: token counting and context management (pass a
 * `tokenCounter` and `contextEngine` yourself) and event sinks such as loggers (pass
 * `sinks`).
 *
 * Nothing is defaulted silently: without a provider it throws a
 * `ConfigurationError`; without `storage` nothing is persisted — every result says
 * `persisted: false` and runs cannot be resumed (pass `createMemoryStorage()`, or
 * `@baton/storage-sqlite` / `-postgres` / `-redis`, to keep conversations). Limits
 * and the agent name are checked when the agent is made.
 *
 * @example
 * import { createAgent, defineTool } from "@baton/sdk";
 * import { scriptedModel } from "@baton/testing";
 * import { z } from "zod";
 *
 * const add = defineTool({
 *   name: "add",
 *   description: "Adds two numbers.",
 *   parameters: z.object({ a: z.number(), b: z.number() }),
 *   execute: ({ a, b }) => a + b,
 * });
 * const agent = createAgent({
 *   provider: scriptedModel([{ toolCalls: [{ name: "add", arguments: { a: 2, b: 3 } }] }, "2 + 3 = 5."]),
 *   model: "test-model",
 *   tools: [add],
 * });
 * const result = await agent.run("What is 2 + 3?");
 * result.text; // "2 + 3 = 5."
 *
 * Every options object is checked for unknown keys and wrong types: `createAgent`,
 * and the per-call options of `agent.run()`, `stream()`, `continue()`,
 * `continueStream()` and `resume()` (which reject, or for the streams throw, a
 * `ConfigurationError` such as `agent.run(): unknown option "runid". Accepted options: …`).
 *
 * @throws ConfigurationError (`INVALID_CONFIGURATION`) without a provider or a model id,
 *   or for an unknown option or an option of the wrong type.
 * @throws DuplicateToolError (`TOOL_DUPLICATE_NAME`) when two tools share a name.
 */
export function createAgent(options: CreateAgentOptions): Agent {
  if (options === null || typeof options !== "object") {
    throw new ConfigurationError("createAgent needs an options object with at least a provider and a model.");
  }
  const { name = "main", tools, toolPreset, allowedTools, disallowedTools, ...defaults } = options;
  const access = {
    ...(toolPreset === undefined ? {} : { toolPreset }),
    ...(allowedTools === undefined ? {} : { allowedTools }),
    ...(disallowedTools === undefined ? {} : { disallowedTools }),
  };
  checkToolAccess(access, `createAgent "${name}"`);
  if (defaults.provider === undefined || defaults.provider === null) throw new ConfigurationError(MISSING_PROVIDER_MESSAGE);
  if (typeof defaults.model !== "string" || defaults.model.length === 0) {
    throw new ConfigurationError('createAgent needs a model: the provider\'s model id, for example "gpt-4.1" (any non-empty id for scriptedModel()).');
  }
  validateRunSettings({ ...defaults, agentName: name });
  // After the checks above, whose messages say more about a missing or bad provider and model.
  checkOptions("createAgent", options, CREATE_AGENT_RULES);
  const setup: AgentSetup = { name, registry: agentRegistry(tools), defaults, access };
  return Object.freeze({
    name,
    tools: setup.registry,
    run: (input, perCall) =>
      settled(() => {
        checkOptions("agent.run", perCall, AGENT_RUN_RULES);
        return run({ ...runOptionsFor(setup, perCall), input });
      }),
    stream: (input, perCall) => {
      checkOptions("agent.stream", perCall, AGENT_RUN_RULES);
      return stream({ ...runOptionsFor(setup, perCall), input });
    },
    continue: (state, decisions, perCall) =>
      settled(() => {
        checkOptions("agent.continue", perCall, AGENT_CONTINUE_RULES);
        return run(continueOptions(setup, state, decisions, perCall));
      }),
    continueStream: (state, decisions, perCall) => {
      checkOptions("agent.continueStream", perCall, AGENT_CONTINUE_RULES);
      return stream(continueOptions(setup, state, decisions, perCall));
    },
    resume: (runId, perCall = {}) =>
      settled(() => {
        checkOptions("agent.resume", perCall, AGENT_RESUME_RULES);
        const { decisions, ...rest } = perCall;
        const { storage, ...options } = runOptionsFor(setup, rest);
        if (storage === undefined)
          return Promise.reject(new ConfigurationError(`agent.resume("${runId}") needs the agent's "storage": an agent without storage persists nothing.`));
        return resume({ ...options, storage, runId, ...(decisions === undefined ? {} : { decisions }) });
      }),
  } satisfies Agent);
}

/** The loop's options that continue a paused run of the agent from its state, with the answers. */
function continueOptions(
  setup: AgentSetup,
  state: RunState | string,
  decisions: InterruptDecisions | undefined,
  perCall: AgentContinueOptions | undefined,
): RunOptions {
  return { ...runOptionsFor(setup, perCall), resume: state, ...(decisions === undefined ? {} : { decisions }) };
}

/** The promise `start` returns, or a rejected one when it throws (so a bad option rejects like `run()` does). */
function settled<T>(start: () => Promise<T>): Promise<T> {
  try {
    return start();
  } catch (error) {
    return Promise.reject(error);
  }
}
