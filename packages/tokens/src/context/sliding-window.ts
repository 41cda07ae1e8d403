import type { Message } from "@baton/core";
import type { ContextStrategy, StrategyContext, StrategyResult } from "./context-strategy.js";
import { headEnd, isCutPoint } from "./conversation-shape.js";
import { droppedTurnsOf, trimNotice } from "./notices.js";

/**
 * Drops the oldest turns until the request fits. The system prompt and the first
 * user message stay; a notice after them says how many turns were dropped. Walks
 * from the newest message backwards and stops once the budget is used, so only the
 * kept window is counted.
 */
export function slidingWindow(): ContextStrategy {
  return { name: "sliding-window", apply: applySlidingWindow };
}

function applySlidingWindow(context: StrategyContext): StrategyResult | undefined {
  const { messages, tokens, alternation } = context;
  const head = headEnd(messages);
  let headTokens = 0;
  for (let i = 0; i < head; i++) headTokens += tokens.of(messages[i]!);
  // Room for a notice with large numbers, so the real one always fits.
  const noticeTokens = tokens.of(trimNotice(999_999, 9_999_999, context.noticeRole));
  const room = context.budget - tokens.overhead - headTokens - noticeTokens;

  let used = 0;
  let cut = -1;
  let i = messages.length - 1;
  for (; i >= head; i--) {
    used += tokens.of(messages[i]!);
    if (used > room) break;
    if (isCutPoint(messages, i, alternation)) cut = i;
  }
  // Everything fits (with or without a notice): nothing to drop.
  if (i < head && used + tokens.overhead + headTokens <= context.budget) return undefined;
  if (cut < 0) cut = smallestTail(messages, head, alternation);
  if (cut <= head) return undefined;

  // An earlier notice sits right after the head; its count carries over.
  let turns = droppedTurnsOf(messages[head]!) ?? 0;
  for (let k = head; k < cut; k++) if (messages[k]!.role === "assistant") turns++;
  const kept: Message[] = messages.slice(0, head);
  kept.push(trimNotice(turns, cut - head, context.noticeRole));
  for (let k = cut; k < messages.length; k++) kept.push(messages[k]!);
  return { messages: kept };
}

/** Start of the shortest tail that keeps calls with their results: the last cut point. */
function smallestTail(messages: readonly Message[], head: number, alternation: boolean): number {
  for (let i = messages.length - 1; i >= head; i--) if (isCutPoint(messages, i, alternation)) return i;
  return head;
}
