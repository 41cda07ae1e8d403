import { checkOptions, optionIs as is } from "@baton/core";
import type { Message } from "@baton/core";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { headEnd, isCutPoint, recentTurnsStart } from "./conversation-shape.js";
import { droppedTurnsOf, trimNotice } from "./notices.js";

/** Options of {@link slidingWindow}. */
export interface SlidingWindowOptions {
  /**
   * Keep at most this many model turns after the first user message, however large
   * the context window is. A turn is an assistant message with the tool results that
   * answer it and the user message that prompted it. Without it, turns are dropped
   * only when the request does not fit the window.
   */
  readonly maxTurns?: number;
}

/**
 * Drops the oldest turns: with `maxTurns`, on every call down to that many turns;
 * in any case, when the request does not fit, until it does. The system prompt and
 * the first user message stay, a tool call never loses its results, and a notice
 * after the first user message says how many turns were dropped. Walks from the
 * newest message backwards and stops once the budget is used, so only the kept
 * window is counted.
 *
 * @example slidingWindow() // only when the window is full
 * @example slidingWindow({ maxTurns: 10 }) // the last 10 turns, and fewer if they do not fit
 */
export function slidingWindow(options: SlidingWindowOptions = {}): ContextStrategy {
  checkOptions("slidingWindow", options, { maxTurns: is.positiveInteger });
  const { maxTurns } = options;
  if (maxTurns === undefined) return { name: "sliding-window", apply: (context) => applySlidingWindow(context, undefined) };
  // The turn limit is its own threshold: run even when the request fits.
  return { name: "sliding-window", always: true, apply: (context) => applySlidingWindow(context, maxTurns) };
}

function applySlidingWindow(context: StrategyContext, maxTurns: number | undefined): StrategyResult | undefined {
  const { messages } = context;
  const head = headEnd(messages);
  const turnCut = maxTurns === undefined ? head : turnLimitCut(messages, head, maxTurns, context.alternation);
  const cut = windowCut(context, head, turnCut, maxTurns);
  if (cut <= head) return undefined;

  // An earlier notice sits right after the head; its count carries over.
  let turns = droppedTurnsOf(messages[head]!) ?? 0;
  for (let k = head; k < cut; k++) if (messages[k]!.role === "assistant") turns++;
  const kept: Message[] = messages.slice(0, head);
  kept.push(trimNotice(turns, cut - head, context.noticeRole, cut === turnCut ? maxTurns : undefined));
  for (let k = cut; k < messages.length; k++) kept.push(messages[k]!);
  return { messages: kept };
}

/** Start of the tail holding the last `maxTurns` turns (at a cut point), or `head` when there are no more. */
function turnLimitCut(messages: readonly Message[], head: number, maxTurns: number, alternation: boolean): number {
  let start = recentTurnsStart(messages, head, maxTurns);
  if (start <= head) return head;
  while (start < messages.length && !isCutPoint(messages, start, alternation)) start++;
  return start;
}

/**
 * Start of the longest tail, from `from` on, that fits the budget with the head and a
 * notice; `head` when the whole request fits as it is (nothing to drop).
 */
function windowCut(context: StrategyContext, head: number, from: number, maxTurns: number | undefined): number {
  const { messages, tokens, alternation, budget } = context;
  // With a turn limit the strategy runs on every call: a request that fits and has no
  // turn over the limit stays as it is. (Without one the engine calls it only when the
  // request does not fit.)
  if (maxTurns !== undefined && from <= head && tokens.requestUpTo(messages, budget) <= budget) return head;
  let headTokens = 0;
  for (let i = 0; i < head; i++) headTokens += tokens.of(messages[i]!);
  // Room for a notice with large numbers, so the real one always fits.
  const noticeTokens = Math.max(
    tokens.of(trimNotice(999_999, 9_999_999, context.noticeRole)),
    maxTurns === undefined ? 0 : tokens.of(trimNotice(999_999, 9_999_999, context.noticeRole, maxTurns)),
  );
  const room = budget - tokens.overhead - headTokens - noticeTokens;

  let used = 0;
  let cut = -1;
  let i = messages.length - 1;
  for (; i >= from; i--) {
    used += tokens.of(messages[i]!);
    if (used > room) break;
    if (isCutPoint(messages, i, alternation)) cut = i;
  }
  // The whole tail from `from` fits with a notice.
  if (i < from) return from;
  if (cut < 0) cut = smallestTail(messages, from, alternation);
  return cut;
}

/** Start of the shortest tail that keeps calls with their results: the last cut point. */
function smallestTail(messages: readonly Message[], from: number, alternation: boolean): number {
  for (let i = messages.length - 1; i >= from; i--) if (isCutPoint(messages, i, alternation)) return i;
  return from;
}
