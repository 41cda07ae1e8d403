import { ConfigurationError, toolUsagePrompt, type AgentConfig, type SessionStore, type Tool, type ToolRegistry } from "@baton/core";
import type { OrchestrationDefinition } from "./definition-schema.js";
import { checkDefinitionTools, parseOrchestrationDefinition } from "./parse-definition.js";
import type { OrchestrationSessionState } from "./session-state.js";
import { SessionStateHolder } from "./session-state-holder.js";
import { SessionStateStore, initialSessionState } from "./session-state-store.js";
import type { StepPredicate } from "./step-predicate.js";
import { StepRun } from "./step-run.js";
import { StepToolRegistry } from "./step-tool-registry.js";

/** Default number of recent tools a session keeps. */
export const DEFAULT_STEP_HISTORY_LIMIT = 50;

/** Options of {@link createOrchestration}. */
export interface OrchestrationOptions {
  /** Where the session state is kept across runs and processes. Without it, it lives in this object only. */
  readonly store?: SessionStore;
  /** The session (conversation) the state belongs to. Required with `store`. */
  readonly sessionId?: string;
  /** The custom predicates the definition's `custom` conditions name. */
  readonly predicates?: Readonly<Record<string, StepPredicate>>;
  /** How many recent tools the state keeps (for `tool_used` and `sequence_match`). Default 50. */
  readonly historyLimit?: number;
  /** The key in the store. Default `orchestration:<sessionId>`. */
  readonly stateKey?: string;
}

/** What {@link Orchestration.prepare} gives: spread it into `run()`'s options. */
export interface OrchestratedRunOptions {
  /** The tools the run starts with: those the active step offers now. */
  readonly tools: ToolRegistry;
  /** The base config with the orchestration's hooks. */
  readonly config: AgentConfig;
}

/** Declarative steps for one session: which tools are offered when, kept across runs. */
export interface Orchestration {
  /** The validated definition. */
  readonly definition: OrchestrationDefinition;
  /**
   * Loads the session's state from the store (waiting for this object's own pending
   * saves first) and returns run options for the next run: the tools the active step
   * offers now, and a config that steers the run. Call it for every run; one run of a
   * session at a time.
   *
   * @param tools every tool the orchestration may offer (a registry's system prompt is kept).
   * @param baseConfig hooks of the agent; the orchestration's hooks call them.
   */
  prepare(tools: ToolRegistry | readonly Tool[], baseConfig?: AgentConfig): Promise<OrchestratedRunOptions>;
  /** The session state as of now (including changes whose save is still pending). */
  state(): OrchestrationSessionState;
  /** Waits until every change is saved; rejects with the error of a failed save (e.g. `StorageConflictError`). */
  flush(): Promise<void>;
}

function checkOptions(options: OrchestrationOptions): void {
  if (options.sessionId !== undefined && (typeof options.sessionId !== "string" || options.sessionId.length === 0)) {
    throw new ConfigurationError('Option "sessionId" must be a non-empty string.');
  }
  if (options.store !== undefined && options.sessionId === undefined && options.stateKey === undefined) {
    throw new ConfigurationError('Option "store" needs a "sessionId": the state is saved per session.');
  }
  if (options.store !== undefined && (typeof options.store.loadSessionState !== "function" || typeof options.store.saveSessionState !== "function")) {
    throw new ConfigurationError('Option "store" must be a SessionStore (loadSessionState and saveSessionState).');
  }
  const limit = options.historyLimit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new ConfigurationError(`Option "historyLimit" must be a positive integer, got ${limit}.`);
  }
}

/**
 * Creates the orchestration of one session from a declarative definition (JSON-safe;
 * validated with zod: an invalid one throws an `OrchestrationDefinitionError` naming
 * each bad field).
 *
 * @example
 * const steps = createOrchestration(
 *   {
 *     steps: [
 *       { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "read"] }], allowedTools: ["write"] },
 *       { name: "research", isDefault: true, sequence: ["search", "read"] },
 *     ],
 *   },
 *   { store: storage, sessionId: "conversation-1" },
 * );
 * const result = await run({ provider, model, input, ...(await steps.prepare([search, read, write])) });
 */
export function createOrchestration(definition: unknown, options: OrchestrationOptions = {}): Orchestration {
  checkOptions(options);
  const predicates = options.predicates ?? {};
  const parsed = parseOrchestrationDefinition(definition, predicates);
  const store = options.store ? new SessionStateStore(options.store, options.stateKey ?? `orchestration:${options.sessionId}`) : undefined;
  const holder = new SessionStateHolder(initialSessionState(parsed), store);
  const historyLimit = options.historyLimit ?? DEFAULT_STEP_HISTORY_LIMIT;

  return {
    definition: parsed,
    async prepare(tools, baseConfig = {}) {
      const list = Array.isArray(tools) ? (tools as readonly Tool[]) : (tools as ToolRegistry).list();
      checkDefinitionTools(parsed, list);
      const prompt = Array.isArray(tools) ? toolUsagePrompt(list) : ((tools as ToolRegistry).systemPrompt?.() ?? toolUsagePrompt(list));
      await holder.reload((source) => source.load(parsed));
      const run = new StepRun({ definition: parsed, predicates, historyLimit, holder, tools: [...list], base: baseConfig });
      return { tools: new StepToolRegistry(run.initialTools(), prompt), config: run.config() };
    },
    state: () => holder.get(),
    flush: () => holder.flush(),
  };
}
