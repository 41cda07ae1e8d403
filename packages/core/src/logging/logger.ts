import { optionIs, type OptionRule } from "../options/check-options.js";

/** The levels a {@link Logger} is called at. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * A structured logger, as Baton calls it: a level method takes the line's fields
 * first and its message second — pino's signature, so a pino logger (or bunyan's, or
 * anything with that shape) is one as it is; `console` is one too (it prints the
 * fields, then the message).
 *
 * Baton logs nothing unless given a logger (the `logger` option of a run), and logs
 * only ids, names, counts, codes and durations: never message text, tool arguments
 * or results. Every line of a run carries its `runId` and `agentPath`.
 *
 * With `child`, Baton calls it once per agent of a run with `{ runId, agentPath }` and
 * writes that agent's lines to the child (pino then adds the bindings to each line);
 * without it, the two fields are put into each line's fields.
 *
 * A logger that throws does not disturb the run: the line is dropped.
 *
 * @example
 * import pino from "pino";
 * const result = await run({ provider, model, input, logger: pino({ level: "debug" }) });
 *
 * @example
 * // A logger of your own: anything with the four methods.
 * const lines: object[] = [];
 * const logger: Logger = {
 *   debug: (fields, msg) => lines.push({ level: "debug", msg, ...fields }),
 *   info: (fields, msg) => lines.push({ level: "info", msg, ...fields }),
 *   warn: (fields, msg) => lines.push({ level: "warn", msg, ...fields }),
 *   error: (fields, msg) => lines.push({ level: "error", msg, ...fields }),
 * };
 */
export interface Logger {
  /** Logs detail below a run's milestones (a sub-agent's start and end) with its fields. */
  debug(obj: object, msg?: string): void;
  /** Logs a run's milestones (start, end) with their fields. */
  info(obj: object, msg?: string): void;
  /** Logs a problem the run goes on after (a storage write that failed, a retry after a context overflow). */
  warn(obj: object, msg?: string): void;
  /** Logs the end of a run that failed. */
  error(obj: object, msg?: string): void;
  /** A logger that adds `bindings` to every line (pino's `child`). Optional. */
  child?(bindings: Record<string, unknown>): Logger;
}

/** The rule of a `logger` option, for `checkOptions`: an object with the four level methods. */
export const LOGGER_RULE: OptionRule = optionIs.objectWith("a Logger", "debug", "info", "warn", "error");
