import { fakeTool, type FakeTool } from "./fake-tool.js";

/** Options of {@link sleepTool}. */
export interface SleepToolOptions {
  /** Default `sleep`. */
  readonly name?: string;
  /** Keep sleeping even when the signal aborts. */
  readonly ignoreAbort?: boolean;
}

/**
 * A tool that waits `ms` milliseconds (honouring the abort signal) and then returns
 * `{ sleptMs: ms }`. Handy for timeout, abort and parallelism tests.
 *
 * @example
 * const slow = sleepTool(5_000);
 * // run with toolTimeoutMs: 50 → the call ends with TOOL_TIMEOUT
 */
export function sleepTool(ms: number, options: SleepToolOptions = {}): FakeTool {
  return fakeTool({
    name: options.name ?? "sleep",
    description: `Waits ${ms} ms.`,
    delayMs: ms,
    ...(options.ignoreAbort === undefined ? {} : { ignoreAbort: options.ignoreAbort }),
    result: { sleptMs: ms },
  });
}
