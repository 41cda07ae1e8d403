import { ConfigurationError, checkOptions, optionIs as is, type AgentConfig, type SessionStore } from "@baton/core";
import type { OrchestrationDefinition } from "./definition-schema.js";
import { parseOrchestrationDefinition } from "./parse-definition.js";
import type { OrchestrationSessionState } from "./session-state.js";
import { SessionStateHolder } from "./session-state-holder.js";
import { SessionStateStore, initialSessionState } from "./session-state-store.js";
import type { StepPredicate } from "./step-predicate.js";
import { orchestrationHooks } from "./orchestration-hooks.js";

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

/** Declarative steps for one session: which tools are offered when, kept across runs. */
export interface Orchestration {
  /** The validated definition. */
  readonly definition: OrchestrationDefinition;
  /**
   * The hooks that steer a run by the steps: give it to `run()` as `config` (or compose
   * it with others: `composeConfigs(loopDetection(), steps.config, myConfig)`), with
   * every tool the steps may offer. Each run loads the session's state from the store
   * when it starts, offers only what the active step allows (from the first model call
   * on) and saves the state after each tool batch. One run of a session at a time.
   */
  readonly config: AgentConfig;
  /** The session state as of now (including changes whose save is still pending). */
  state(): OrchestrationSessionState;
  /** Waits until every change is saved; rejects with the error of a failed save (e.g. `StorageConflictError`). */
  flush(): Promise<void>;
}

/** Checks the options of {@link createOrchestration}: known keys, their types, and a session for a store. */
function checkOrchestrationOptions(options: OrchestrationOptions): void {
  checkOptions("createOrchestration", options, {
    store: is.objectWith("a SessionStore", "loadSessionState", "saveSessionState"),
    sessionId: is.nonEmptyString,
    predicates: is.object,
    historyLimit: is.positiveInteger,
    stateKey: is.nonEmptyString,
  });
  if (options.store !== undefined && options.sessionId === undefined && options.stateKey === undefined) {
    throw new ConfigurationError('Option "store" needs a "sessionId": the state is saved per session.');
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
 * const result = await run({ provider, model, input, tools: [search, read, write], config: steps.config });
 *
 * @throws ConfigurationError for an unknown option (accepted: `store`, `sessionId`,
 *   `predicates`, `historyLimit`, `stateKey`), a value of the wrong type, or a `store`
 *   without a `sessionId` (or `stateKey`).
 */
export function createOrchestration(definition: unknown, options: OrchestrationOptions = {}): Orchestration {
  checkOrchestrationOptions(options);
  const predicates = options.predicates ?? {};
  const parsed = parseOrchestrationDefinition(definition, predicates);
  const store = options.store ? new SessionStateStore(options.store, options.stateKey ?? `orchestration:${options.sessionId}`) : undefined;
  const holder = new SessionStateHolder(initialSessionState(parsed), store);
  const historyLimit = options.historyLimit ?? DEFAULT_STEP_HISTORY_LIMIT;

  return {
    definition: parsed,
    config: orchestrationHooks({ definition: parsed, predicates, historyLimit, holder, load: (source) => source.load(parsed) }),
    state: () => holder.get(),
    flush: () => holder.flush(),
  };
}
