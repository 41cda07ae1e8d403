import { randomUUID } from "node:crypto";
import { ConfigurationError, checkOptions, createAgentState, type AgentState, type EventSink, type RunResult, type RunState } from "@baton/core";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_TOOL_ERROR_LENGTH, DEFAULT_TOOL_CALL_LIMIT } from "./config/defaults.js";
import { AbortHub } from "./abort/abort-hub.js";
import { EventScope } from "./events/event-scope.js";
import { withOptionalParts, type OptionalParts } from "./optional/load-optional-parts.js";
import { toRegistry } from "./tools/tool-list-registry.js";
import { configOf } from "./hooks/config-of.js";
import { initialMessages } from "./run-tree/initial-messages.js";
import { looksLikeMessages } from "./run-tree/looks-like-messages.js";
import type { RunSettings } from "./run-tree/run-settings.js";
import { RunTree } from "./run-tree/run-tree.js";
import { AgentRun } from "./run-tree/agent-run.js";
import { missingPricing } from "./budget/missing-pricing.js";
import { driveAgent } from "./driver/drive-agent.js";
import type { RunOptions } from "./run-options.js";
import { resumeOptionRules, runOptionRules } from "./run-option-rules.js";
import type { StoredRunStart } from "./run-tree/stored-run-start.js";

/** Default context window when neither the options nor the provider give one. */
const DEFAULT_CONTEXT_LIMIT = 128_000;

/**
 * The numeric settings and what each must be: `n` an integer from 1, `z` an integer
 * from 0, `p` any finite number above 0 (milliseconds, dollars).
 */
const NUMBER_SETTINGS = {
  maxIterations: "n",
  maxOutputTokens: "n",
  toolTimeoutMs: "p",
  maxConcurrentTools: "n",
  maxToolErrorLength: "n",
  tokenBudget: "n",
  costBudget: "p",
  contextLimit: "n",
  maxDepth: "z",
  streamHighWaterMark: "n",
  claimLeaseMs: "p",
  storageWaitMs: "p",
} as const satisfies Partial<Record<keyof RunOptions, "n" | "z" | "p">>;

/** Throws unless `value` (when given) is what `kind` says (see {@link NUMBER_SETTINGS}). */
function checkNumber(name: string, value: number | undefined, kind: "n" | "z" | "p"): void {
  if (value === undefined) return;
  const ok = kind === "p" ? Number.isFinite(value) && value > 0 : Number.isInteger(value) && value >= (kind === "z" ? 0 : 1);
  if (!ok)
    throw new ConfigurationError(
      `Option "${name}" must be a ${kind === "p" ? "positive number" : `${kind === "z" ? "non-negative" : "positive"} integer`}, got ${value}.`,
    );
}

const INVALID_PROVIDER = 'Option "provider" must be a ModelProvider (with a stream() method).';
const INVALID_MODEL = 'Option "model" must be a non-empty model id.';

/**
 * Checks the settings of run options (limits, timeouts, budgets, agent name, and the
 * provider and model when given; with a `costBudget`, that the provider has the
 * model's prices) and throws a {@link ConfigurationError} naming the
 * first bad one. Counts are integers: `toolCallLimit` and `maxDepth` from 0;
 * `maxIterations`, `maxOutputTokens`, `maxConcurrentTools`, `maxToolErrorLength`,
 * `tokenBudget`, `contextLimit` and `streamHighWaterMark` from 1. Milliseconds
 * (`toolTimeoutMs`, `claimLeaseMs`, `storageWaitMs`) and `costBudget` are any positive
 * number. `run()` calls it; an agent factory can call it up front so bad
 * settings fail when the agent is made, not at its first run.
 */
export function validateRunSettings(options: Partial<RunOptions>): void {
  if (options.provider !== undefined && typeof options.provider?.stream !== "function") throw new ConfigurationError(INVALID_PROVIDER);
  if (options.model !== undefined && (typeof options.model !== "string" || options.model.length === 0)) throw new ConfigurationError(INVALID_MODEL);
  checkNumber("toolCallLimit", options.toolCallLimit ?? options.config?.toolCallLimit, "z");
  for (const name in NUMBER_SETTINGS) checkNumber(name, options[name as keyof typeof NUMBER_SETTINGS], NUMBER_SETTINGS[name as keyof typeof NUMBER_SETTINGS]);
  if (options.costBudget !== undefined && options.provider !== undefined && typeof options.model === "string") {
    if (!options.provider.getModelInfo?.(options.model)?.pricing) throw missingPricing(options.model, options.provider.id);
  }
  if (options.storage !== undefined && (typeof options.storage !== "object" || typeof options.storage.claimRun !== "function")) {
    throw new ConfigurationError('Option "storage" must be a Storage (such as createMemoryStorage() makes).');
  }
  if (options.agentName !== undefined && !/^[\w.-]+$/.test(options.agentName)) {
    throw new ConfigurationError(`Option "agentName" may hold letters, digits, "_", "-" and "." only, got "${options.agentName}".`);
  }
}

/**
 * Checks complete run options: only known keys, each of the right type (see
 * {@link runOptionRules}), the required ones present, then {@link validateRunSettings}.
 * Returns false when the messages of an `input` array do not look like messages: the
 * code that says which and why is loaded then (`checkInputMessages`, one of the loop's
 * optional parts). Once per run: nothing here runs per iteration.
 */
function validateOptions(options: RunOptions, mode: "new" | "resume", fn: string): boolean {
  checkOptions(fn, options, mode === "resume" ? resumeOptionRules : runOptionRules);
  if (!options || options.provider === undefined) throw new ConfigurationError(INVALID_PROVIDER);
  if (options.model === undefined) throw new ConfigurationError(INVALID_MODEL);
  if (mode === "resume") {
    if (options.storage === undefined) throw new ConfigurationError('Resuming a run needs the "storage" it was stored in.');
    if (typeof options.runId !== "string" || options.runId.length === 0) throw new ConfigurationError('Resuming a run needs its "runId".');
  } else if (options.resume === undefined && typeof options.input !== "string") {
    if (!Array.isArray(options.input)) throw new ConfigurationError('Option "input" must be a string or an array of messages.');
    if (!looksLikeMessages(options.input)) return false;
  }
  if (options.decisions !== undefined && mode === "new" && options.resume === undefined) {
    throw new ConfigurationError('Option "decisions" answers a paused run: give it with "resume" or to resume().');
  }
  validateRunSettings(options);
  return true;
}

/** The state a resumed run continues from: the given one (a copy: the caller's object is left as it is), parsed and upgraded. */
function resumeStateOf(options: RunOptions, parts: OptionalParts | undefined): RunState | undefined {
  const given = options.resume;
  if (given === undefined) return undefined;
  return parts!.parseRunState(typeof given === "string" ? given : structuredClone(given));
}

/** Whether a run uses a part of the loop only some runs need: storage, a state to resume from, a logger, a budget, a context engine, `onToolEvent` or `onRunStart` hooks. */
function needsOptionalParts(options: RunOptions): boolean {
  return (
    options.storage !== undefined ||
    options.resume !== undefined ||
    options.logger !== undefined ||
    options.tokenBudget !== undefined ||
    options.costBudget !== undefined ||
    options.contextEngine !== undefined ||
    // Hooks read the run's context, which is made by one of the optional parts (the others' hooks run in them).
    options.config?.onToolEvent !== undefined ||
    options.config?.onRunStart !== undefined
  );
}

/**
 * Resolves options and drives the run's root agent; shared by `run()`, `stream()` and
 * their `resume` forms. A run with storage, a state to resume from, a logger, a budget
 * or a context engine first loads the code for those (once per process, see
 * {@link loadOptionalParts}); any other run starts at once.
 */
export function startRun(
  options: RunOptions,
  sinks: readonly EventSink[],
  signal: AbortSignal | undefined,
  mode: "new" | "resume" = "new",
  fn: string = mode === "resume" ? "resume" : "run",
): Promise<RunResult> {
  if (!validateOptions(options, mode, fn)) {
    // Input messages a provider could not read: the code that names the message and what is wrong is loaded now.
    return withOptionalParts((parts) => parts.checkInputMessages(options.input as readonly unknown[])) as Promise<never>;
  }
  if (!needsOptionalParts(options)) return beginRun(options, sinks, signal, mode, undefined);
  return withOptionalParts((parts) => beginRun(options, sinks, signal, mode, parts));
}

/** Starts a run whose options were checked; `parts` is loaded when the run needs one of them. */
function beginRun(
  options: RunOptions,
  sinks: readonly EventSink[],
  signal: AbortSignal | undefined,
  mode: "new" | "resume",
  parts: OptionalParts | undefined,
): Promise<RunResult> {
  const given = resumeStateOf(options, parts);
  if (given && options.runId !== undefined && options.runId !== given.runId) {
    throw new ConfigurationError(`Option "runId" is "${options.runId}", but the state to resume is of run "${given.runId}".`);
  }
  const resuming = mode === "resume" || given !== undefined;
  const runId = given?.runId ?? options.runId ?? randomUUID();
  const agentPath = given?.agentPath ?? options.agentName ?? "main";
  const config = configOf(options.config);
  const registry = toRegistry(options.tools);
  const { messages, system, input } = initialMessages(options.instructions, registry, resuming ? [] : options.input!);
  const events = new EventScope(runId, sinks).root(agentPath);
  const provider = options.provider;
  const settings: RunSettings = {
    toolCallLimit: options.toolCallLimit ?? config.toolCallLimit ?? DEFAULT_TOOL_CALL_LIMIT,
    maxIterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    toolTimeoutMs: options.toolTimeoutMs,
    maxConcurrentTools: options.maxConcurrentTools,
    maxToolErrorLength: options.maxToolErrorLength ?? DEFAULT_MAX_TOOL_ERROR_LENGTH,
    budget: options.tokenBudget === undefined && options.costBudget === undefined ? undefined : new parts!.RunBudget(options.tokenBudget, options.costBudget),
    tokenCounter: options.tokenCounter,
    contextEngine: options.contextEngine,
    contextLimit: (model) => options.contextLimit ?? provider.getModelInfo?.(model)?.contextWindow ?? DEFAULT_CONTEXT_LIMIT,
    context: options.context ?? {},
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
  };
  // Only a run given a logger has a log: without one, no logging work is done anywhere.
  const start: StoredRunStart = { options, runId, events, log: options.logger ? new parts!.RunLog(options.logger, runId, agentPath) : undefined };
  // A run that loses its claim (another process took it over) must stop: it aborts itself.
  const claimLost = options.storage ? new AbortController() : undefined;
  const persistence = claimLost ? parts!.createRunPersistence(start, config, claimLost) : undefined;
  const runSignal = claimLost ? (signal ? AbortSignal.any([signal, claimLost.signal]) : claimLost.signal) : signal;
  const fresh = (): AgentState =>
    createAgentState({ runId, agentPath, model: options.model, messages, toolCallLimit: settings.toolCallLimit, maxIterations: settings.maxIterations });

  return (async () => {
    let tree: RunTree | undefined;
    let state: AgentState;
    let failure: unknown;
    try {
      if (!resuming) {
        tree = new RunTree(runId, events.scope, persistence, options.userId, undefined);
        state = fresh();
        if (persistence) await parts!.claimNewRun(start, tree, state, system, input);
      } else {
        ({ tree, state } = await parts!.resumeRoot(start, given, persistence, system, settings));
      }
    } catch (error) {
      if (parts && error instanceof parts.DecisionsRefused) throw error.cause;
      failure = error;
      tree ??= new RunTree(runId, events.scope, persistence, options.userId, undefined);
      state = fresh();
    }
    tree.root = state;
    tree.retryableErrorEndsAttempt = options.retryableErrorEnds === "attempt";
    const run = new AgentRun({
      tree,
      state,
      provider,
      model: options.model,
      registry,
      config,
      settings,
      events,
      abort: new AbortHub(runSignal),
      resumed: resuming && failure === undefined,
      log: start.log?.forAgent(state.agentPath),
    });
    return driveAgent(run, failure);
  })();
}

/** The sinks of a run: its `sinks` plus `onEvent`. */
export function sinksOf(options: RunOptions): EventSink[] {
  // Tolerates bad values: the options check in startRun() reports them.
  const sinks = Array.isArray(options?.sinks) ? [...options.sinks] : [];
  if (typeof options?.onEvent === "function") sinks.push({ emit: options.onEvent });
  return sinks;
}
