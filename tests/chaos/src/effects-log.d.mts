import type { Execution } from "./history-checker.mjs";

/** Records one execution of a tool call, at the moment its effect happens (one appended JSON line). */
export declare function recordEffect(
  path: string,
  execution: { readonly key: string; readonly tool: string; readonly effects: "once" | "idempotent"; readonly result: unknown },
): void;
/** Every execution in the file, in order. */
export declare function readEffects(path: string): Execution[];
/** Executions by idempotency key. */
export declare function effectsByKey(path: string): Map<string, Execution[]>;
