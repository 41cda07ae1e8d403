import { checkOptions, optionIs as is } from "@baton/core";
import type { AssistantMessage, Message, ToolMessage, UserMessage } from "@baton/core";
import { derive } from "./derived-messages.js";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { headEnd, recentTurnsStart, resultSize } from "./conversation-shape.js";
import { overThreshold } from "./thresholds.js";

/** Options of {@link compactOldTurns}. */
export interface CompactOldTurnsOptions {
  /**
   * Compact once the request (system prompt, messages and tool definitions) is over
   * this many tokens, however large the context window is. Without it, compaction
   * runs only when the request does not fit the window.
   */
  readonly maxTokens?: number;
  /** The newest turns left intact. Default: the engine's `keepRecentTurns`. */
  readonly keepRecentTurns?: number;
  /** Tool results at least this long (characters) become a marker. Default 200. */
  readonly minToolResultChars?: number;
  /** Assistant texts at least this long become an excerpt. Default 2000. */
  readonly minTextChars?: number;
  /** Length of the excerpt kept of a long assistant text. Default 200. */
  readonly excerptChars?: number;
}

/** Prefix of the markers this strategy writes; such results are not compacted again. */
export const COMPACTED_MARKER = "[Tool result compacted:";

/**
 * Rule-based compaction of old turns, without a model call: old tool results become
 * a short marker naming the tool and the size, long old assistant texts an excerpt,
 * old images a marker. Error results, tool calls and the newest turns stay intact.
 * With `maxTokens` it compacts whenever the request is over that many tokens;
 * otherwise when the request does not fit the window.
 *
 * @example compactOldTurns({ keepRecentTurns: 4, maxTokens: 50_000 })
 */
export function compactOldTurns(options: CompactOldTurnsOptions = {}): ContextStrategy {
  checkOptions("compactOldTurns", options, {
    maxTokens: is.positiveInteger,
    keepRecentTurns: is.nonNegativeInteger,
    minToolResultChars: is.nonNegativeInteger,
    minTextChars: is.nonNegativeInteger,
    excerptChars: is.nonNegativeInteger,
  });
  const { maxTokens } = options;
  const rules: CompactionRules = {
    minToolResultChars: options.minToolResultChars ?? 200,
    minTextChars: options.minTextChars ?? 2000,
    excerptChars: options.excerptChars ?? 200,
  };
  // A message compacts the same way every time: keep the compacted copy.
  const compacted = new WeakMap<Message, Message>();
  return {
    name: "compact-old-turns",
    // The token threshold is its own: check it on every call.
    ...(maxTokens === undefined ? {} : { always: true }),
    apply(context: StrategyContext): StrategyResult | undefined {
      if (maxTokens !== undefined && !overThreshold(context, maxTokens)) return undefined;
      const { messages } = context;
      const start = headEnd(messages);
      const end = recentTurnsStart(messages, start, options.keepRecentTurns ?? context.keepRecentTurns);
      let changed = false;
      const out = messages.slice();
      for (let i = start; i < end; i++) {
        const original = messages[i]!;
        let next = compacted.get(original);
        if (next === undefined) {
          next = derive(original, compactMessage(original, rules));
          compacted.set(original, next);
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

interface CompactionRules {
  readonly minToolResultChars: number;
  readonly minTextChars: number;
  readonly excerptChars: number;
}

/** The compacted form of one old message, or the message itself when nothing applies. */
function compactMessage(message: Message, rules: CompactionRules): Message {
  switch (message.role) {
    case "tool": {
      let changed = false;
      const content = message.content.map((part) => {
        if (part.isError === true) return part;
        if (typeof part.result === "string" && part.result.startsWith("[")) {
          if (/^\[Tool (result|output) (compacted|archived|already used)/.test(part.result)) return part;
        }
        const size = resultSize(part);
        if (size < rules.minToolResultChars) return part;
        changed = true;
        return { ...part, result: `${COMPACTED_MARKER} ${part.toolName}, ${size} chars]` };
      });
      return changed ? ({ role: "tool", content } satisfies ToolMessage) : message;
    }
    case "assistant": {
      let changed = false;
      const content = message.content.map((part) => {
        if (part.type !== "text" || part.text.length < rules.minTextChars) return part;
        changed = true;
        return { type: "text" as const, text: `${part.text.slice(0, rules.excerptChars)}… [excerpt; ${part.text.length} chars in full]` };
      });
      return changed ? ({ role: "assistant", content } satisfies AssistantMessage) : message;
    }
    case "user": {
      if (!message.content.some((part) => part.type === "image")) return message;
      const content = message.content.map((part) => (part.type === "image" ? { type: "text" as const, text: `[Image removed: ${part.mediaType}]` } : part));
      return { role: "user", content } satisfies UserMessage;
    }
    default:
      return message;
  }
}
