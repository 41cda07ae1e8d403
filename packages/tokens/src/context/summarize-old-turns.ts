import { checkOptions, optionIs as is, requiredOption as required } from "@baton/core";
import { ZERO_TOKEN_USAGE, addTokenUsage, messageText, type Message, type ModelProvider, type TokenUsage, type Usage } from "@baton/core";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { headEnd, isCutPoint, recentTurnsStart, resultText } from "./conversation-shape.js";
import { overThreshold } from "./thresholds.js";
import { isEngineNote, summaryNote, summaryOf } from "./notices.js";

/** Options of {@link summarizeOldTurns}. */
export interface SummarizeOldTurnsOptions {
  /** The model provider that writes the summary. */
  readonly provider: ModelProvider;
  /** The model id to call. */
  readonly model: string;
  /**
   * Summarize once the request (system prompt, messages and tool definitions) is
   * over this many tokens, however large the context window is. Without it, the
   * strategy runs only when the request does not fit the window.
   */
  readonly maxTokens?: number;
  /** The newest turns left out of the summary. Default: the engine's `keepRecentTurns`. */
  readonly keepRecentTurns?: number;
  /** Output tokens the summary may use. Default 1024. */
  readonly maxSummaryTokens?: number;
  /** Instructions for the summarizing model. */
  readonly instructions?: string;
  /** Whether the summary should be stored with the conversation. Default true. */
  readonly persist?: boolean;
  /** Characters of each tool result shown to the summarizer. Default 2000. */
  readonly maxToolResultChars?: number;
}

/** Summaries remembered by old-part identity. */
const MAX_REMEMBERED = 32;

const DEFAULT_INSTRUCTIONS = [
  "Summarize the conversation below for the assistant that will continue it.",
  "- Keep the user's goals, constraints and decisions.",
  "- Keep key facts from tool results and open questions.",
  "- Use short bullets. Do not invent anything.",
].join("\n");

/**
 * Replaces the old part of the conversation (between the first user message and the
 * newest turns) with a summary written by a model. The model call's usage is
 * returned for the run's accounting. An old part is summarized once: the same
 * messages (by identity) reuse the summary, and a new summary builds on the previous
 * one rather than on the messages it replaced. With `maxTokens` it summarizes
 * whenever the request is over that many tokens; otherwise when it does not fit.
 *
 * @example summarizeOldTurns({ provider, model: "gpt-4.1-mini", maxTokens: 30_000, keepRecentTurns: 4 })
 */
export function summarizeOldTurns(options: SummarizeOldTurnsOptions): ContextStrategy {
  checkOptions("summarizeOldTurns", options, {
    provider: required(is.objectWith("a model provider", "stream")),
    model: required(is.nonEmptyString),
    maxTokens: is.positiveInteger,
    keepRecentTurns: is.nonNegativeInteger,
    maxSummaryTokens: is.positiveInteger,
    instructions: is.string,
    persist: is.boolean,
    maxToolResultChars: is.nonNegativeInteger,
  });
  const { maxTokens } = options;
  const done = new Map<string, string>();
  return {
    name: "summarize-old-turns",
    // The token threshold is its own: check it on every call.
    ...(maxTokens === undefined ? {} : { always: true }),
    async apply(context: StrategyContext): Promise<StrategyResult | undefined> {
      if (maxTokens !== undefined && !overThreshold(context, maxTokens)) return undefined;
      const { messages } = context;
      const start = headEnd(messages);
      let end = recentTurnsStart(messages, start, options.keepRecentTurns ?? context.keepRecentTurns);
      while (end > start && end < messages.length && !isCutPoint(messages, end, context.alternation)) end++;
      if (end >= messages.length) return undefined;
      const old = messages.slice(start, end);
      // Nothing to gain from re-summarizing a lone summary.
      if (old.length === 0 || (old.length === 1 && isEngineNote(old[0]!))) return undefined;

      const key = identityKey(old);
      let summary = done.get(key);
      const usage: Usage[] = [];
      if (summary === undefined) {
        const made = await summarize(options, old, context);
        summary = made.text;
        done.set(key, summary);
        // Old parts only grow; the oldest keys will not come back.
        if (done.size > MAX_REMEMBERED) done.delete(done.keys().next().value!);
        usage.push({ model: options.model, agentPath: context.agentPath, iteration: context.iteration, ...made.usage, tools: [] });
      }
      const note = summaryNote(summary, context.noticeRole);
      const out: Message[] = messages.slice(0, start);
      out.push(note);
      for (let i = end; i < messages.length; i++) out.push(messages[i]!);
      return {
        messages: out,
        summary,
        persistSummary: options.persist ?? true,
        usage,
        events: usage.length > 0 ? [{ type: "context-summarized", summary, summarizedMessages: old.length }] : [],
      };
    },
  };
}

/** Identity ids of messages, so equal message objects give equal keys. */
const ids = new WeakMap<Message, number>();
let nextId = 1;

function identityKey(messages: readonly Message[]): string {
  let key = "";
  for (const message of messages) {
    let id = ids.get(message);
    if (id === undefined) ids.set(message, (id = nextId++));
    key += `${id},`;
  }
  return key;
}

async function summarize(options: SummarizeOldTurnsOptions, old: readonly Message[], context: StrategyContext): Promise<{ text: string; usage: TokenUsage }> {
  const transcript = old.map((message) => render(message, options.maxToolResultChars ?? 2000)).join("\n");
  let text = "";
  let streamed: TokenUsage = ZERO_TOKEN_USAGE;
  let final: TokenUsage | undefined;
  for await (const part of options.provider.stream({
    model: options.model,
    messages: [
      { role: "system", content: options.instructions ?? DEFAULT_INSTRUCTIONS },
      { role: "user", content: [{ type: "text", text: transcript }] },
    ],
    maxOutputTokens: options.maxSummaryTokens ?? 1024,
    signal: context.signal,
  })) {
    if (part.type === "text-delta") text += part.text;
    else if (part.type === "usage") streamed = addTokenUsage(streamed, part.usage);
    else if (part.type === "finish" && part.usage) final = part.usage;
  }
  return { text: text.trim(), usage: final ?? streamed };
}

/** One message as transcript lines for the summarizer. */
function render(message: Message, maxResultChars: number): string {
  const earlier = summaryOf(message);
  if (earlier !== undefined) return `Earlier summary:\n${earlier}`;
  switch (message.role) {
    case "system":
      return `System: ${message.content}`;
    case "user":
      return `User: ${message.content.map((part) => (part.type === "text" ? part.text : `[image ${part.mediaType}]`)).join(" ")}`;
    case "assistant": {
      const calls = message.content.filter((part) => part.type === "tool-call").map((part) => `${part.toolName}(${JSON.stringify(part.arguments)})`);
      return `Assistant: ${messageText(message)}${calls.length > 0 ? ` [called ${calls.join(", ")}]` : ""}`;
    }
    case "tool":
      return message.content
        .map((part) => `Tool ${part.toolName}${part.isError === true ? " (error)" : ""}: ${resultText(part).slice(0, maxResultChars)}`)
        .join("\n");
  }
}
