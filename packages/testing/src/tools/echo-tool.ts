import { fakeTool, type FakeTool } from "./fake-tool.js";

/** Options of {@link echoTool}. */
export interface EchoToolOptions {
  /** Default `echo`. */
  readonly name?: string;
  /** Milliseconds to wait before answering. */
  readonly delayMs?: number;
}

/**
 * A tool that returns its arguments unchanged, and records its calls.
 *
 * @example
 * const echo = echoTool();
 * await echo.execute({ text: "hi" }, context); // → { text: "hi" }
 */
export function echoTool(options: EchoToolOptions = {}): FakeTool<Record<string, unknown>> {
  return fakeTool<Record<string, unknown>>({
    name: options.name ?? "echo",
    description: "Returns its arguments unchanged.",
    parameters: { type: "object", properties: {}, additionalProperties: true },
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    result: (args) => args,
  });
}
