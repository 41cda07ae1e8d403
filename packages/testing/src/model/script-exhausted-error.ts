import { BatonError } from "@baton/core";
import { TESTING_ERROR_CODES } from "../errors/testing-error-codes.js";

/**
 * Thrown (from the stream) when a scripted model is called more times than it has
 * turns. Its code is `SCRIPT_EXHAUSTED`.
 *
 * @example
 * await expect(run(...)).rejects.toMatchObject({ code: "SCRIPT_EXHAUSTED" });
 */
export class ScriptExhaustedError extends BatonError {
  constructor(
    /** 1-based number of the call that found no turn. */
    readonly call: number,
    /** Number of turns in the script. */
    readonly turns: number,
  ) {
    super(
      TESTING_ERROR_CODES.SCRIPT_EXHAUSTED,
      `scriptedModel: no scripted turn left for call ${call} (the script has ${turns} ${turns === 1 ? "turn" : "turns"})`,
      {
        details: { call, turns },
      },
    );
  }
}
