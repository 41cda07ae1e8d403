import { runStateIssues } from "./check-run-state.js";
import { RunStateError } from "../run/run-state-error.js";
import { RUN_STATE_FORMAT, RUN_STATE_VERSION, type RunState } from "../run/run-state.js";
import { upgradeApprovalV1 } from "./upgrades/approval-v1.js";
import { upgradeCheckpointV2 } from "./upgrades/checkpoint-v2.js";

/** Formats older than the current one, by what they say of themselves, and how each becomes the current one. */
const UPGRADES: readonly {
  readonly matches: (value: Record<string, unknown>) => boolean;
  readonly name: string;
  readonly upgrade: (value: Record<string, unknown>) => RunState;
}[] = [
  { name: "run checkpoint version 2", matches: (value) => value.format === undefined && value.version === 2, upgrade: upgradeCheckpointV2 },
  { name: "approval state version 1", matches: (value) => value.format === "baton.approval" && value.version === 1, upgrade: upgradeApprovalV1 },
];

/**
 * Reads a serialized run state (a JSON string, or the parsed value): upgrades every
 * earlier published format (run checkpoints of version 2, approval states of version
 * 1) to the current one and checks its shape.
 *
 * @throws RunStateError naming each bad field (`root.batch.calls[0].status: …`), or
 *   saying the state was written by a newer Baton.
 *
 * @example
 * const state = parseRunState(await readFile("paused-run.json", "utf8"));
 * const result = await run({ ...agentOptions, resume: state, decisions: { call_1: { approve: true } } });
 */
export function parseRunState(json: string | unknown): RunState {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new RunStateError(`The run state is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new RunStateError("A run state must be a JSON object.");
  const fields = value as Record<string, unknown>;
  const older = UPGRADES.find((candidate) => candidate.matches(fields));
  let state: unknown = fields;
  if (older) {
    try {
      state = older.upgrade(fields);
    } catch (error) {
      throw new RunStateError(`The ${older.name} could not be upgraded: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else if (fields.format !== RUN_STATE_FORMAT) {
    throw new RunStateError("This is not a run state.", [`format: expected "${RUN_STATE_FORMAT}", got ${JSON.stringify(fields.format) ?? "nothing"}`]);
  } else if (typeof fields.version === "number" && fields.version > RUN_STATE_VERSION) {
    throw new RunStateError(
      `The run state was written by a newer Baton (format version ${fields.version}); this one reads versions up to ${RUN_STATE_VERSION}. Upgrade Baton to continue this run.`,
      [`version: ${fields.version} is newer than ${RUN_STATE_VERSION}`],
    );
  } else if (fields.version !== RUN_STATE_VERSION) {
    throw new RunStateError("The run state has no known version.", [
      `version: expected ${RUN_STATE_VERSION}, got ${JSON.stringify(fields.version) ?? "nothing"}`,
    ]);
  }
  const issues = runStateIssues(state);
  if (issues.length > 0) throw new RunStateError("The run state is invalid:", issues);
  return state as RunState;
}
