import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { BatonError, ConfigurationError, ERROR_CODES, RunAbortedError, errorMessage, withDataPolicy, type EventSink, type RunResult } from "@baton/core";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_TOOL_ERROR_LENGTH,
  DEFAULT_TOOL_CALL_LIMIT,
  resolveAgentConfig,
} from "./config/agent-defaults.js";
import { AbortHub } from "./abort/abort-hub.js";
import { EventScope } from "./events/event-scope.js";
import { RunPersistence } from "./persistence/run-persistence.js";
import { toRegistry } from "./tools/tool-list-registry.js";
import { initialMessages } from "./agent/initial-messages.js";
import { runAgent } from "./agent/run-agent.js";
import type { RunSettings } from "./agent/run-settings.js";
import { RunBudget } from "./agent/run-budget.js";
import { missingPricing } from "./agent/budget-check.js";
import type { RunOptions } from "./run-options.js";

/** Default context window when neither the options nor the provider give one. */
const DEFAULT_CONTEXT_LIMIT = 128_000;

/** Default lease of a run's claim in storage: renewed every third of it while the run lives. */
export const DEFAULT_CLAIM_LEASE_MS = 30_000;

/** This process's default claim owner: host, process id and a random part. */
const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function checkPositive(name: string, value: number | undefined, allowZero = false): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new ConfigurationError(`Option "${name}" must be a ${allowZero ? "non-negative" : "positive"} number, got ${value}.`);
  }
}

const INVALID_PROVIDER = 'Option "provider" must be a ModelProvider (an object with a stream() method).';
const INVALID_MODEL = 'Option "model" must be a non-empty model id.';

/**
 * Checks the settings of run options (limits, timeouts, budgets, agent name, and the
 * provider and model when given; with a `costBudget`, that the provider has the
 * model's prices) and throws a {@link ConfigurationError} naming the
 * first bad one. `run()` calls it; an agent factory can call it up front so bad
 * settings fail when the agent is made, not at its first run.
 */
export function validateRunSettings(options: Partial<RunOptions>): void {
  if (options.provider !== undefined && typeof options.provider?.stream !== "function") throw new ConfigurationError(INVALID_PROVIDER);
  if (options.model !== undefined && (typeof options.model !== "string" || options.model.length === 0)) throw new ConfigurationError(INVALID_MODEL);
  checkPositive("toolCallLimit", options.toolCallLimit ?? options.config?.toolCallLimit, true);
  checkPositive("maxIterations", options.maxIterations);
  checkPositive("maxOutputTokens", options.maxOutputTokens);
  checkPositive("toolTimeoutMs", options.toolTimeoutMs);
  checkPositive("maxConcurrentTools", options.maxConcurrentTools);
  checkPositive("maxToolErrorLength", options.maxToolErrorLength);
  checkPositive("tokenBudget", options.tokenBudget);
  checkPositive("costBudget", options.costBudget);
  if (options.costBudget !== undefined && options.provider !== undefined && typeof options.model === "string") {
    if (!options.provider.getModelInfo?.(options.model)?.pricing) throw missingPricing(options.model, options.provider.id);
  }
  checkPositive("contextLimit", options.contextLimit);
  checkPositive("maxDepth", options.maxDepth, true);
  checkPositive("streamHighWaterMark", options.streamHighWaterMark);
  checkPositive("claimLeaseMs", options.claimLeaseMs);
  if (options.storage !== undefined && (typeof options.storage !== "object" || typeof options.storage.claimRun !== "function")) {
    throw new ConfigurationError('Option "storage" must be a Storage (from @baton/storage-memory, -sqlite, -postgres or -redis).');
  }
  if (options.agentName !== undefined && !/^[\w.-]+$/.test(options.agentName)) {
    throw new ConfigurationError(`Option "agentName" may hold letters, digits, "_", "-" and "." only, got "${options.agentName}".`);
  }
}

/** Checks complete run options: the required ones are present, then {@link validateRunSettings}. */
function validateOptions(options: RunOptions, mode: "new" | "resume"): void {
  if (!options || options.provider === undefined) throw new ConfigurationError(INVALID_PROVIDER);
  if (options.model === undefined) throw new ConfigurationError(INVALID_MODEL);
  if (mode === "resume") {
    if (options.storage === undefined) throw new ConfigurationError('Resuming a run needs the "storage" it was stored in.');
    if (typeof options.runId !== "string" || options.runId.length === 0) throw new ConfigurationError('Resuming a run needs its "runId".');
  } else if (typeof options.input !== "string" && !Array.isArray(options.input)) {
    throw new ConfigurationError('Option "input" must be a string or an array of messages.');
  }
  validateRunSettings(options);
}

/** Resolves options and drives the run's main agent; shared by `run()`, `stream()` and their `resume` forms. */
export function startRun(options: RunOptions, sinks: readonly EventSink[], signal: AbortSignal | undefined, mode: "new" | "resume" = "new"): Promise<RunResult> {
  validateOptions(options, mode);
  const runId = options.runId ?? randomUUID();
  const agentPath = options.agentName ?? "main";
  const config = resolveAgentConfig(options.config);
  const registry = toRegistry(options.tools);
  const { messages, system, input } = initialMessages(options.instructions, registry, mode === "resume" ? [] : options.input);
  const events = new EventScope(runId, sinks).root(agentPath);
  const provider = options.provider;
  const settings: RunSettings = {
    toolCallLimit: options.toolCallLimit ?? options.config?.toolCallLimit ?? DEFAULT_TOOL_CALL_LIMIT,
    maxIterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    toolTimeoutMs: options.toolTimeoutMs,
    maxConcurrentTools: options.maxConcurrentTools,
    maxToolErrorLength: options.maxToolErrorLength ?? DEFAULT_MAX_TOOL_ERROR_LENGTH,
    budget: options.tokenBudget === undefined && options.costBudget === undefined ? undefined : new RunBudget(options.tokenBudget, options.costBudget),
    tokenCounter: options.tokenCounter,
    contextEngine: options.contextEngine,
    contextLimit: (model) => options.contextLimit ?? provider.getModelInfo?.(model)?.contextWindow ?? DEFAULT_CONTEXT_LIMIT,
    context: options.context ?? {},
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
  };
  // A run that loses its claim (another process took it over) must stop: it aborts itself.
  const claimLost = options.storage ? new AbortController() : undefined;
  const persistence = options.storage
    ? new RunPersistence({
        storage: withDataPolicy(options.storage, config.getDataPolicy()),
        runId,
        agentPath,
        model: options.model,
        conversationId: options.conversationId,
        userId: options.userId,
        owner: options.claimOwner ?? PROCESS_OWNER,
        leaseMs: options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS,
        onError: (error) => {
          const failure = error instanceof BatonError ? error : new BatonError(ERROR_CODES.STORAGE_ERROR, `Storage write failed: ${errorMessage(error)}`, { cause: error, retryable: true });
          events.emit({ type: "error", error: failure.toJSON() });
        },
        onClaimLost: (error) => {
          events.emit({ type: "error", error: error.toJSON() });
          claimLost!.abort(new RunAbortedError(error));
        },
      })
    : undefined;
  const runSignal = claimLost ? (signal ? AbortSignal.any([signal, claimLost.signal]) : claimLost.signal) : signal;
  return runAgent({
    runId,
    agentPath,
    provider,
    model: options.model,
    messages,
    registry,
    config,
    settings,
    events,
    abort: new AbortHub(runSignal),
    ...(persistence ? { persistence, start: { mode, system, input }, reportUsage: (usage) => void persistence.recordUsage(usage) } : {}),
  });
}

/** The sinks of a run: its `sinks` plus `onEvent`. */
export function sinksOf(options: RunOptions): EventSink[] {
  const sinks = [...(options.sinks ?? [])];
  if (options.onEvent) sinks.push({ emit: options.onEvent });
  return sinks;
}
