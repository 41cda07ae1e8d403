import type { FinishPart, ModelStreamPart, TokenUsage, UsagePart } from "@baton/core";

/** A tool-call part whose id is filled per model call (`call_<callIndex>_<i>`). */
export interface DefaultIdSlot {
  /** Position of the part in {@link CompiledTurn.content}. */
  readonly position: number;
  /** The call's position in the turn. */
  readonly index: number;
  readonly name: string;
  readonly argumentsDelta: string;
}

/**
 * A scripted turn turned into ready-made stream parts, so a model call only picks
 * them up. Internal to the scripted model.
 */
export interface CompiledTurn {
  /** Reasoning, text and tool-call parts, in stream order (frozen). */
  readonly content: readonly ModelStreamPart[];
  /** Tool-call parts of `content` that need a per-call default id. */
  readonly defaultIds: readonly DefaultIdSlot[];
  /** Usage fields known without the request (all but possibly `inputTokens`). */
  readonly usage: Omit<TokenUsage, "inputTokens"> & { readonly inputTokens?: number };
  /** The usage part, when it does not depend on the request. */
  readonly usagePart: UsagePart | undefined;
  readonly finishPart: FinishPart;
  /** Position at which the turn throws (parts before it are emitted); -1 when it does not. */
  readonly errorAt: number;
  /** Makes the error thrown at `errorAt`. */
  readonly makeError: () => unknown;
  readonly delayMs: number;
  readonly chunkDelayMs: number;
}
