import { BatonError, type BatonErrorOptions, type ErrorCode } from "@baton/core";

/**
 * An error the `baton` command reports as one clear line (no stack trace) before it
 * exits with {@link CliError.exitCode}: a missing file, a bad flag, no API key, an
 * unknown run. Its `code` is a registered error code (core's `ERROR_CODES`, or a code a
 * package it uses declares, such as `AGENTS_ERROR_CODES.INVALID_AGENT_DEFINITION` of
 * `@baton/agents`), so scripts can match on it.
 */
export class CliError extends BatonError {
  /** The process exit code the command ends with (default 1). */
  readonly exitCode: number;

  /** A `BatonError` with `code` and `message`; `exitCode` (default 1) is what the command exits with. */
  constructor(code: ErrorCode, message: string, options: BatonErrorOptions & { readonly exitCode?: number } = {}) {
    const { exitCode, ...rest } = options;
    super(code, message, rest);
    this.exitCode = exitCode ?? 1;
  }
}
