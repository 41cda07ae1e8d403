import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage, type Tool, type ToolExecutionContext } from "@baton/core";
import type { ProgressSender } from "./progress-sender.js";

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The MCP result of a tool's value: a string as text, anything else as JSON text (and as `structuredContent` when it is an object). */
export function servedToolResult(value: unknown): CallToolResult {
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  return { content: [{ type: "text", text }], ...(isPlainObject(value) ? { structuredContent: value } : {}) };
}

/**
 * Runs a Baton tool for an MCP `tools/call`: checks the arguments with its `validate`
 * (when it has one), runs it (a streaming tool's chunks are sent as progress, its
 * return value is the result), and turns a thrown error or invalid arguments into an
 * error result.
 */
export async function runServedTool(tool: Tool, args: unknown, context: ToolExecutionContext, sendProgress: ProgressSender): Promise<CallToolResult> {
  try {
    let input = args;
    if (tool.validate) {
      const check = tool.validate(args);
      if (!check.success) return { content: [{ type: "text", text: `Invalid arguments for "${tool.name}": ${check.issues.join("; ")}` }], isError: true };
      input = check.value;
    }
    const output = tool.execute(input, context);
    if (!isAsyncIterable(output)) return servedToolResult(await output);
    const iterator = output[Symbol.asyncIterator]();
    for (;;) {
      const step = await iterator.next();
      if (step.done) return servedToolResult(step.value);
      await sendProgress(typeof step.value === "string" ? step.value : JSON.stringify(step.value));
    }
  } catch (error) {
    return { content: [{ type: "text", text: errorMessage(error) }], isError: true };
  }
}
