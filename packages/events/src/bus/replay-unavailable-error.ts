import { BatonError, ERROR_CODES } from "@baton/core";

/**
 * A client asked to resume after a sequence number whose following events were
 * already dropped from the replay buffer, so resuming would leave a gap. Code
 * `REPLAY_UNAVAILABLE`; over SSE it becomes HTTP 410.
 */
export class ReplayUnavailableError extends BatonError {
  constructor(
    /** The requested `Last-Event-ID`. */
    readonly after: number,
    /** Oldest sequence number still held, or `null` when nothing is held. */
    readonly oldestAvailable: number | null,
    /** Smallest `Last-Event-ID` that can be resumed from. */
    readonly replayableAfter: number,
    /** Replaces the default message (for streams that cannot be resumed at all). */
    message?: string,
  ) {
    super(
      ERROR_CODES.REPLAY_UNAVAILABLE,
      message ??
        `Cannot resume after event ${after}: events up to ${replayableAfter} are no longer kept for replay` +
          `${oldestAvailable === null ? "" : ` (the oldest kept is ${oldestAvailable})`}. ` +
          `Reconnect without Last-Event-ID, or keep more events with the hub's "replay" option.`,
      { details: { after, oldestAvailable, replayableAfter } },
    );
  }
}
