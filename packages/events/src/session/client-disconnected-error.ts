import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/**
 * The abort reason of a run whose clients all went away: the run's tools see a
 * `RunAbortedError` whose `cause` is this error. Code `CLIENT_DISCONNECTED`.
 */
export class ClientDisconnectedError extends BatonError {
  constructor(
    /** Id of the run session; `undefined` for a one-shot stream (`createSseHandler`). */
    readonly sessionId: string | undefined,
    /** How long the session waited for a client to come back, in ms. */
    readonly graceMs: number,
  ) {
    const subject = sessionId === undefined ? "The client" : `Every client of run session "${sessionId}"`;
    super(
      EVENTS_ERROR_CODES.CLIENT_DISCONNECTED,
      graceMs > 0 ? `${subject} disconnected and none came back within ${graceMs} ms.` : `${subject} disconnected.`,
      {
        details: { sessionId: sessionId ?? null, graceMs },
      },
    );
  }
}
