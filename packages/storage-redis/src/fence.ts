import { RunClaimLostError, type RunFence } from "@baton/core";
import type { RedisContext } from "./context.js";
import type { ScriptReply } from "./scripted-client.js";

/**
 * What a fenced script gets of an optional fence: the run hash as its last key (none
 * without a fence) and the token as decimal text (`""` without a fence: not checked).
 */
export interface FenceArgs {
  /** `[run hash]` with a fence, `[]` without: appended to the script's keys. */
  readonly keys: readonly string[];
  /** The fence's token as decimal text, `""` without a fence. */
  readonly token: string;
}

/** The script keys and token argument of `fence` (see {@link FenceArgs}). */
export function fenceArgs(ctx: RedisContext, fence: RunFence | undefined): FenceArgs {
  return fence === undefined ? { keys: [], token: "" } : { keys: [ctx.keys.run(fence.runId)], token: String(fence.token) };
}

/**
 * Throws the `RunClaimLostError` of a fenced script that refused the write
 * (`{"lost", owner?}`: the owner of the run when it exists and is unfinished).
 * @throws RunClaimLostError
 */
export function throwIfFenceLost(reply: ScriptReply, fence: RunFence | undefined): void {
  if (reply[0] !== "lost" || fence === undefined) return;
  const heldBy = reply[1];
  throw new RunClaimLostError(fence.runId, fence.owner, typeof heldBy === "string" ? heldBy : undefined);
}
