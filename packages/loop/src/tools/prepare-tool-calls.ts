import { InvalidToolArgumentsError, ToolNotFoundError, errorMessage, type Tool, type ToolCallPart, type ToolRegistry } from "@baton/core";
import type { PreparedToolCall } from "./prepared-tool-call.js";
import type { Mutable } from "../state/mutable.js";

/** Parses argument text the default way: empty text is `{}`, anything else must be JSON. */
export function parseToolArguments(raw: string): unknown {
  return raw.trim() === "" ? {} : JSON.parse(raw);
}

/** The tool-call part of a streamed call: parsed arguments, or the raw text kept when it is not JSON. */
export function toolCallPart(id: string, name: string, rawArguments: string, providerId: string | undefined): ToolCallPart {
  let part: Mutable<ToolCallPart>;
  try {
    part = { type: "tool-call", toolCallId: id, toolName: name, arguments: parseToolArguments(rawArguments) };
  } catch {
    part = { type: "tool-call", toolCallId: id, toolName: name, arguments: {}, rawArguments };
  }
  if (providerId !== undefined && providerId !== id) part.providerToolCallId = providerId;
  return part;
}

/** Checks `args` against the tool's schema: the call ready to run, or invalid with the schema's issues. */
export function checkArguments(call: ToolCallPart, tool: Tool, args: unknown): PreparedToolCall {
  if (!tool.validate) return { call, tool, args };
  const check = tool.validate(args);
  return check.success ? { call, tool, args: check.value } : { call, tool, invalid: new InvalidToolArgumentsError(call.toolName, check.issues) };
}

/**
 * Looks up a call's tool (among those offered this turn) and checks its arguments.
 * Bad model output never throws here: an unknown name, arguments that are not JSON and
 * arguments failing the schema become an `invalid` call that gets an error result the
 * model sees.
 */
export function prepareToolCall(call: ToolCallPart, registry: ToolRegistry, offered: ReadonlySet<string>): PreparedToolCall {
  const tool = offered.has(call.toolName) ? registry.get(call.toolName) : undefined;
  if (!tool) return { call, invalid: new ToolNotFoundError(call.toolName, [...offered]) };
  if (call.rawArguments !== undefined) {
    let reason: string;
    try {
      return checkArguments(call, tool, parseToolArguments(call.rawArguments));
    } catch (error) {
      reason = errorMessage(error);
    }
    return {
      call,
      tool,
      invalid: new InvalidToolArgumentsError(call.toolName, [`arguments are not valid JSON (${reason})`], {
        details: { rawArguments: call.rawArguments.slice(0, 500) },
      }),
    };
  }
  return checkArguments(call, tool, call.arguments);
}
