import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { RunAbortedError, STORE_EVERYTHING, type AgentConfig, type AgentState, type Message, type RunState } from "@baton/core";
import { withDataPolicy } from "@baton/core/storage-kit";
import { DEFAULT_CLAIM_LEASE_MS, DEFAULT_STORAGE_WAIT_MS } from "../config/defaults.js";
import type { AgentEvents } from "../events/agent-events.js";
import type { RunLog } from "../logging/run-log.js";
import { errorFields } from "../logging/error-fields.js";
import { RunPersistence } from "../persistence/run-persistence.js";
import type { RunOptions } from "../run-options.js";
import { applyDecisions, splitUnstoredPauseDecisions } from "../state/apply-decisions.js";
import { restoredRoot } from "../state/restored-root.js";
import { keptEndOf } from "../persistence/kept-ends.js";
import type { RunSettings } from "./run-settings.js";
import { RunTree } from "./run-tree.js";

/** This process, as the first part of a claim owner: host and process id. */
const PROCESS = `${hostname()}:${process.pid}`;

/** What the start of a run with storage works with. */
export interface StoredRunStart {
  readonly options: RunOptions;
  readonly runId: string;
  readonly events: AgentEvents;
  /** The run's log, if it has one: a resumed run's moves to its root agent once the state to resume is read. */
  log: RunLog | undefined;
}

/**
 * The persistence of a run given `storage`: its writes go through the agent's data
 * policy, under a claim owned by this process. A failed write is reported as an
 * `error` event (the run goes on); a lost claim is reported and aborts the run
 * through `attemptEnd`, and so does storage that stays unavailable past the run's
 * storage wait (the abort's reason is then the `StorageUnavailableError`: the attempt
 * ends, resumable).
 */
export function createRunPersistence(start: StoredRunStart, config: AgentConfig, attemptEnd: AbortController): RunPersistence {
  const { options, events } = start;
  return new RunPersistence({
    storage: withDataPolicy(options.storage!, config.dataPolicy ?? STORE_EVERYTHING),
    runId: start.runId,
    owner: options.claimOwner ?? `${PROCESS}:${randomUUID().slice(0, 8)}`,
    leaseMs: options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS,
    waitMs: options.storageWaitMs ?? DEFAULT_STORAGE_WAIT_MS,
    onError: (error) => {
      events.emit({ type: "error", error: error.toJSON() });
      start.log?.warn(errorFields(error), "storage write failed");
    },
    onClaimLost: (error) => {
      events.emit({ type: "error", error: error.toJSON() });
      start.log?.error(errorFields(error), "run claim lost");
      attemptEnd.abort(new RunAbortedError(error));
    },
    onUnavailable: (error) => {
      start.log?.error(errorFields(error), "run storage unavailable");
      attemptEnd.abort(error);
    },
    onClaim: options.onClaim,
  });
}

/**
 * Claims a new stored run and, for a run in a conversation, appends its input there:
 * the root's messages become the system prompt and the conversation's history.
 */
export async function claimNewRun(
  start: StoredRunStart,
  tree: RunTree,
  state: AgentState,
  system: readonly Message[],
  input: readonly Message[],
): Promise<void> {
  const { options } = start;
  const persistence = tree.persistence!;
  tree.storage = options.storage;
  await persistence.claimNew();
  tree.claimed = true;
  if (options.conversationId === undefined) return;
  const opened = await persistence.openConversation(options.conversationId, input, {
    runId: start.runId,
    agentPath: state.agentPath,
    ...(options.userId === undefined ? {} : { userId: options.userId }),
  });
  state.messages = [...system, ...opened.messages];
  tree.conversation = opened.conversation;
}

/** Carries an {@link InvalidDecisionsError} past the run's own error handling: `run()` rejects with it. */
export class DecisionsRefused extends Error {
  constructor(override readonly cause: unknown) {
    super("decisions refused");
  }
}

/** The run tree and root state of a resumed run. */
export interface ResumedRoot {
  readonly tree: RunTree;
  readonly state: AgentState;
}

/**
 * The tree and root state a run resumes with: from `given` (a state passed with
 * `resume`) or, when none was, the checkpoint in storage (claimed first). The run's
 * decisions are applied to the state; decisions it refuses give the claim back and
 * throw a {@link DecisionsRefused}. A run that ended aborted — stored so, or still
 * being stored by this process (its storage was away when it was aborted) — is not
 * claimed: its final state comes back, and the run only ends again, aborted.
 */
export async function resumeRoot(
  start: StoredRunStart,
  given: RunState | undefined,
  persistence: RunPersistence | undefined,
  system: readonly Message[],
  settings: RunSettings,
): Promise<ResumedRoot> {
  const { options, events } = start;
  let value = given;
  let ended: "stored" | "kept" | undefined;
  if (persistence) {
    const kept = keptEndOf(options.storage!, start.runId);
    // The abort of this run is still being written here: wait for it a while (as long as a write may take); it is the run's outcome either way.
    const written = kept !== undefined && (await settlesWithin(kept.written, options.storageWaitMs ?? DEFAULT_STORAGE_WAIT_MS));
    if (kept !== undefined && !written) {
      value = kept.state;
      ended = "kept";
    } else {
      const stored = await persistence.claimForResume();
      if (persistence.endedBefore) {
        value = stored;
        ended = "stored";
      } else value ??= stored;
    }
  }
  start.log = start.log?.forAgent(value!.root.agentPath);
  const tree = new RunTree(start.runId, events.scope, persistence, value!.userId ?? options.userId, options.decisions);
  tree.storage = options.storage;
  tree.claimed = persistence !== undefined && ended === undefined;
  tree.endStored = ended === "stored";
  tree.resumedFrom = given ? "state" : "storage";
  const state = await restoredRoot(value!, system, settings, persistence, ended !== undefined);
  if (ended !== undefined) return { tree, state };
  tree.conversation = value!.conversation;
  tree.callIds.restore(state);
  for (const record of state.usage) settings.budget?.record(record);
  if (options.decisions) {
    let decisions = options.decisions;
    if (persistence && value!.status === "running") {
      // The attempt reported a pause whose checkpoint was never stored: decisions on calls in doubt wait for the journal to find them again.
      const { now, later } = splitUnstoredPauseDecisions(state, decisions);
      decisions = now;
      persistence.laterDecisions = later;
    }
    try {
      applyDecisions(state, decisions);
    } catch (error) {
      // Bad decisions are the caller's mistake, not the run's end: give the claim back and reject.
      if (persistence) await persistence.bounded(persistence.pause(value!));
      throw new DecisionsRefused(error);
    }
  }
  return { tree, state };
}

/** Whether `promise` settles within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}
