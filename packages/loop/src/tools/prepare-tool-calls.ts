import {
  InvalidToolArgumentsError,
  ToolNotFoundError,
  errorMessage,
  type PendingToolCall,
  type ToolCallPart,
  type ToolRegistry,
} from "@baton/core";
import type { AssembledToolCall } from "../model/tool-call-assembler.js";
import type { PreparedToolCall } from "./prepared-tool-call.js";

/** Parses argument text the default way: empty text is `{}`, anything else must be JSON. */
export function parseToolArguments(raw: string): unknown {
  return raw.trim() === "" ? {} : JSON.parse(raw);
}

/** Turns a call's raw argument text into arguments (the `preprocessToolArguments` hook, bound). */
export type ArgumentParser = (call: PendingToolCall) => unknown;

type Parsed = { readonly args: unknown } | { readonly error: string };

function prepareOne(raw: AssembledToolCall, parsed: Parsed, registry: ToolRegistry, offered: ReadonlySet<string>): PreparedToolCall {
  const call: ToolCallPart =
    "args" in parsed
      ? { type: "tool-call", toolCallId: raw.id, toolName: raw.name, arguments: parsed.args }
      : { type: "tool-call", toolCallId: raw.id, toolName: raw.name, arguments: {}, rawArguments: raw.rawArguments };
  const tool = offered.has(raw.name) ? registry.get(raw.name) : undefined;
  if (!tool) return { call, invalid: new ToolNotFoundError(raw.name, [...offered]) };
  if ("error" in parsed) {
    return {
      call,
      tool,
      invalid: new InvalidToolArgumentsError(raw.name, [`arguments are not valid JSON (${parsed.error})`], {
        details: { rawArguments: raw.rawArguments.slice(0, 500) },
      }),
    };
  }
  if (!tool.validate) return { call, tool, args: parsed.args };
  const check = tool.validate(parsed.args);
  return check.success ? { call, tool, args: check.value } : { call, tool, invalid: new InvalidToolArgumentsError(raw.name, check.issues) };
}

function parseDefault(raw: AssembledToolCall): Parsed {
  try {
    return { args: parseToolArguments(raw.rawArguments) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/**
 * Looks up each call's tool (among those offered this turn) and turns its argument
 * text into checked arguments. Bad model output never throws here: an unknown name,
 * arguments that are not JSON (or that the parser rejects) and arguments failing the
 * schema become an `invalid` call that gets an error result the model sees.
 * Synchronous unless a custom parser is given.
 */
export function prepareToolCalls(
  calls: readonly AssembledToolCall[],
  registry: ToolRegistry,
  offered: ReadonlySet<string>,
  parser?: ArgumentParser,
): PreparedToolCall[] | Promise<PreparedToolCall[]> {
  if (!parser) return calls.map((raw) => prepareOne(raw, parseDefault(raw), registry, offered));
  return (async () => {
    const prepared: PreparedToolCall[] = [];
    for (const raw of calls) {
      let parsed: Parsed;
      try {
        parsed = { args: await parser({ toolCallId: raw.id, toolName: raw.name, rawArguments: raw.rawArguments }) };
      } catch (error) {
        parsed = { error: errorMessage(error) };
      }
      prepared.push(prepareOne(raw, parsed, registry, offered));
    }
    return prepared;
  })();
}
