import { checkOptions, optionIs as is, requiredOption as required } from "@baton/core";
import type { Message, ToolMessage, ToolResultPart } from "@baton/core";
import { derive } from "./derived-messages.js";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { resultText } from "./conversation-shape.js";
import { archiveIdOf, InMemoryToolArchive, type ToolArchive } from "./tool-archive.js";

/** Options of {@link archiveLargeToolOutputs}. */
export interface ArchiveLargeToolOutputsOptions {
  /** Tool outputs over this many tokens are archived. */
  readonly maxTokens: number;
  /** Where outputs go. Default: a new {@link InMemoryToolArchive} (see `archive` on the strategy). */
  readonly archive?: ToolArchive;
  /** Characters of the output kept in the marker as a preview. Default 200. */
  readonly previewChars?: number;
  /** Leave the newest tool message (the model has not read it yet). Default true. */
  readonly keepLatest?: boolean;
}

/** A strategy that archives, with the archive it writes to. */
export interface ArchiveStrategy extends ContextStrategy {
  readonly archive: ToolArchive;
}

/** Prefix of the markers this strategy writes. */
export const ARCHIVED_MARKER = "[Tool output archived:";

/**
 * Moves oversized tool outputs into an archive and leaves a marker with the archive
 * id and a preview; the model reads the whole output with `get_tool_response`
 * ({@link getToolResponseTool}). Runs on every call: the size rule is its own.
 */
export function archiveLargeToolOutputs(options: ArchiveLargeToolOutputsOptions): ArchiveStrategy {
  checkOptions("archiveLargeToolOutputs", options, {
    maxTokens: required(is.nonNegativeInteger),
    archive: is.objectWith("a tool archive", "put", "get"),
    previewChars: is.nonNegativeInteger,
    keepLatest: is.boolean,
  });
  const archive = options.archive ?? new InMemoryToolArchive();
  const previewChars = options.previewChars ?? 200;
  const keepLatest = options.keepLatest ?? true;
  const archived = new WeakMap<Message, Message>();
  return {
    name: "archive-large-tool-outputs",
    always: true,
    archive,
    async apply(context: StrategyContext): Promise<StrategyResult | undefined> {
      const { messages, tokens } = context;
      let last = messages.length;
      if (keepLatest) {
        for (let i = messages.length - 1; i >= 0; i--) {
          if (messages[i]!.role === "tool") {
            last = i;
            break;
          }
        }
      }
      let out: Message[] | undefined;
      for (let i = 0; i < last; i++) {
        const original = messages[i]!;
        if (original.role !== "tool") continue;
        let next = archived.get(original);
        if (next === undefined) {
          next = derive(original, await archiveMessage(original, options.maxTokens, (text) => tokens.text(text), archive, previewChars));
          archived.set(original, next);
        }
        if (next !== original) (out ??= messages.slice())[i] = next;
      }
      return out ? { messages: out } : undefined;
    },
  };
}

async function archiveMessage(
  message: ToolMessage,
  maxTokens: number,
  count: (text: string) => number,
  archive: ToolArchive,
  previewChars: number,
): Promise<Message> {
  let changed = false;
  const content: ToolResultPart[] = [];
  for (const part of message.content) {
    if (part.isError === true || (typeof part.result === "string" && part.result.startsWith(ARCHIVED_MARKER))) {
      content.push(part);
      continue;
    }
    const text = resultText(part);
    const size = count(text);
    if (size <= maxTokens) {
      content.push(part);
      continue;
    }
    const id = archiveIdOf(part);
    await archive.put({ id, toolName: part.toolName, toolCallId: part.toolCallId, result: part.result });
    changed = true;
    content.push({
      ...part,
      result: `${ARCHIVED_MARKER} ${part.toolName}, ${size} tokens, id "${id}". Call get_tool_response with this id for the full output. Preview: ${text.slice(0, previewChars)}…]`,
    });
  }
  return changed ? { role: "tool", content } : message;
}
