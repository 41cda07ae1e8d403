import { checkOptions, optionIs as is } from "@baton/core";
import type { Message, ToolMessage } from "@baton/core";
import { derive } from "./derived-messages.js";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { headEnd, resultSize } from "./conversation-shape.js";

/** Options of {@link compressConsumedToolResults}. */
export interface CompressConsumedOptions {
  /** Results shorter than this (characters) are left; the marker would not save much. Default 500. */
  readonly minChars?: number;
  /** Run on every call, not only when the request is over budget. Default false. */
  readonly always?: boolean;
}

/** Prefix of the markers this strategy writes. */
export const CONSUMED_MARKER = "[Tool output already used:";

/**
 * Shortens tool results the model has already read: those with a model turn after
 * them, except the results the latest model turn read (it may still refer to them).
 * Error results stay.
 */
export function compressConsumedToolResults(options: CompressConsumedOptions = {}): ContextStrategy {
  checkOptions("compressConsumedToolResults", options, { minChars: is.nonNegativeInteger, always: is.boolean });
  const minChars = options.minChars ?? 500;
  const compressed = new WeakMap<Message, Message>();
  return {
    name: "compress-consumed-tool-results",
    ...(options.always === undefined ? {} : { always: options.always }),
    apply(context: StrategyContext): StrategyResult | undefined {
      const { messages } = context;
      const start = headEnd(messages);
      // Results before the second-to-last assistant message were read by an older turn.
      let assistants = 0;
      let end = start;
      for (let i = messages.length - 1; i >= start; i--) {
        if (messages[i]!.role === "assistant" && ++assistants === 2) {
          end = i;
          break;
        }
      }
      let changed = false;
      const out = messages.slice();
      for (let i = start; i < end; i++) {
        const original = messages[i]!;
        if (original.role !== "tool") continue;
        let next = compressed.get(original);
        if (next === undefined) {
          next = derive(original, compress(original, minChars));
          compressed.set(original, next);
        }
        if (next !== original) {
          out[i] = next;
          changed = true;
        }
      }
      return changed ? { messages: out } : undefined;
    },
  };
}

function compress(message: ToolMessage, minChars: number): Message {
  let changed = false;
  const content = message.content.map((part) => {
    if (part.isError === true) return part;
    if (typeof part.result === "string" && /^\[Tool (result|output) (compacted|archived|already used)/.test(part.result)) return part;
    const size = resultSize(part);
    if (size < minChars) return part;
    changed = true;
    return { ...part, result: `${CONSUMED_MARKER} ${part.toolName}, ${size} chars; compressed]` };
  });
  return changed ? { role: "tool", content } : message;
}
