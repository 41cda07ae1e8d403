import { StorageCorruptionError, type SessionStore } from "@baton/core";
import type { OrchestrationDefinition } from "./definition-schema.js";
import { storedSessionStateSchema, toStoredState, type OrchestrationSessionState } from "./session-state.js";
import { defaultStepName, findStep } from "./step-selection.js";

/** The state of a session nothing was saved for: the default step, nothing used. */
export function initialSessionState(definition: OrchestrationDefinition): OrchestrationSessionState {
  return { activeStep: defaultStepName(definition), recentTools: [], sequencePosition: 0, version: 0 };
}

/**
 * Loads and saves one session's orchestration state through a {@link SessionStore},
 * with optimistic versions: a save succeeds only over the version last seen, so two
 * processes driving one session cannot silently overwrite each other.
 */
export class SessionStateStore {
  constructor(
    private readonly store: SessionStore,
    /** The key in the store, e.g. `orchestration:<sessionId>`. */
    readonly key: string,
  ) {}

  /**
   * The stored state, or the initial one. A stored step that the definition no longer
   * has falls back to the default step; a position past its sequence is cut to its end.
   */
  async load(definition: OrchestrationDefinition): Promise<OrchestrationSessionState> {
    const stored = await this.store.loadSessionState(this.key);
    if (!stored) return initialSessionState(definition);
    const parsed = storedSessionStateSchema.safeParse(stored.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StorageCorruptionError(
        `session "${this.key}"`,
        `not an orchestration state (${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"})`,
      );
    }
    const value = parsed.data;
    const step = value.activeStep === null ? undefined : findStep(definition, value.activeStep);
    if (!step) {
      // No step was active, or the definition no longer has it: start at the default step.
      return { activeStep: defaultStepName(definition), recentTools: value.recentTools, sequencePosition: 0, version: stored.version };
    }
    const position = Math.min(value.sequencePosition, step.sequence?.length ?? 0);
    return { activeStep: step.name, recentTools: value.recentTools, sequencePosition: position, version: stored.version };
  }

  /** Saves `state` over its version; returns it with the new version. Throws `StorageConflictError` when another writer saved first. */
  async save(state: OrchestrationSessionState): Promise<OrchestrationSessionState> {
    const version = await this.store.saveSessionState(this.key, toStoredState(state), { expectedVersion: state.version });
    return { ...state, version };
  }
}
