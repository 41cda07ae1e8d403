import type { ToolAvailabilityContext, ToolEffects, ToolExecutionContext, ToolOutput, ToolPreset } from "@baton/core";

/**
 * What `defineTool` takes. `TParameters` is the schema, `TArgs` what `execute`
 * receives (inferred from a zod schema), `TResult` what it returns.
 */
export interface ToolSpec<TParameters, TArgs, TResult> {
  /** Unique name the model calls the tool by: 1–64 letters, digits, `_` or `-`. */
  readonly name: string;
  /** What the tool does, for the model. Required and non-blank. */
  readonly description: string;
  /** The arguments: a zod 4 schema, a zod 3 schema, or a JSON Schema object schema. */
  readonly parameters: TParameters;
  /** Runs the tool with validated arguments. */
  readonly execute: (args: TArgs, context: ToolExecutionContext) => ToolOutput<TResult>;
  /** When the model should use the tool; assembled into the registry's system prompt. */
  readonly selectionRule?: string;
  /** The smallest built-in preset the tool belongs to (`readonly` ⊂ `readwrite` ⊂ `full`); agents given a `toolPreset` keep only the tools of it. */
  readonly preset?: ToolPreset;
  /** Whether the tool may run in a given run; `false` refuses the call. */
  readonly shouldUse?: (context: ToolAvailabilityContext) => boolean | Promise<boolean>;
  /** Per-call timeout in milliseconds (a positive number). */
  readonly timeoutMs?: number;
  /**
   * Whether running a call twice is safe: `idempotent` or `once` (see `ToolEffects` of
   * `@baton/core`). Default `once`, or `idempotent` with `preset: "readonly"`. A resumed
   * run runs an idempotent tool's call in doubt (started, outcome never stored) again,
   * and asks about a `once` tool's (an `in-doubt` interruption). A `once` tool should
   * pass `context.idempotencyKey` to the API it calls.
   */
  readonly effects?: ToolEffects;
  /** Whether the full result stays in stored history (default true). */
  readonly includeInHistory?: boolean;
  /** A short form of a result, stored when the result is not kept in history. */
  readonly summarize?: (result: TResult) => string;
}
