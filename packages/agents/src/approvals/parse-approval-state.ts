import type { Message } from "@baton/core";
import { ApprovalStateError } from "./approval-errors.js";
import { approvalStateV1Schema } from "./approval-schema.js";
import { APPROVAL_STATE_FORMAT, APPROVAL_STATE_VERSION, type ApprovalState } from "./approval-types.js";
import { issueLines } from "./issue-path.js";

/**
 * Upgrades from each older version to the next, by the version they read. Version 1
 * is the first, so there is none yet; a version 2 adds `1: (v1) => v2`, and states
 * saved by version 1 keep loading.
 */
const UPGRADES: Readonly<Record<number, (state: Record<string, unknown>) => Record<string, unknown>>> = {};

/** The oldest version this package reads. */
const OLDEST_VERSION = 1;

/**
 * Reads a saved approval state (a JSON string, or the parsed value): checks the format,
 * upgrades an older version to the current one, and validates every field.
 *
 * @throws ApprovalStateError naming each bad field (`pendingCalls[0].toolCallId: …`),
 *   or saying the state was written by a newer version.
 */
export function parseApprovalState(json: string | unknown): ApprovalState {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new ApprovalStateError(`The approval state is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApprovalStateError("The approval state must be a JSON object.");
  }
  let state = value as Record<string, unknown>;
  if (state["format"] !== APPROVAL_STATE_FORMAT) {
    throw new ApprovalStateError("This is not an approval state.", [`format: expected "${APPROVAL_STATE_FORMAT}", got ${JSON.stringify(state["format"]) ?? "nothing"}`]);
  }
  const version = state["version"];
  if (typeof version !== "number" || !Number.isInteger(version) || version < OLDEST_VERSION) {
    throw new ApprovalStateError("The approval state has no valid version.", [`version: expected an integer from ${OLDEST_VERSION} to ${APPROVAL_STATE_VERSION}, got ${JSON.stringify(version) ?? "nothing"}`]);
  }
  if (version > APPROVAL_STATE_VERSION) {
    throw new ApprovalStateError(
      `The approval state was written by a newer version of @baton/agents (format version ${version}); this version reads versions ${OLDEST_VERSION} to ${APPROVAL_STATE_VERSION}. Upgrade @baton/agents to resume it.`,
      [`version: ${version} is newer than ${APPROVAL_STATE_VERSION}`],
    );
  }
  for (let from = version; from < APPROVAL_STATE_VERSION; from++) {
    const upgrade = UPGRADES[from];
    if (!upgrade) throw new ApprovalStateError(`No upgrade from approval state version ${from} to ${from + 1}.`);
    state = { ...upgrade(state), version: from + 1 };
  }
  const parsed = approvalStateV1Schema.safeParse(state);
  if (!parsed.success) throw new ApprovalStateError("The approval state is invalid:", issueLines(parsed.error));
  const messages: Message[] = parsed.data.messages;
  return { ...parsed.data, messages };
}
