import { checkOptions, optionIs as is } from "@baton/core";
import type { Message, UnstampedEvent, Usage } from "@baton/core";
import { ConfigurationError } from "@baton/core";
import type { MessageTokens } from "./message-tokens.js";

/** What a strategy sees: the whole request as one list, and the budget it must fit. */
export interface StrategyContext {
  /** System prompt, conversation and in-loop messages, in request order. */
  readonly messages: readonly Message[];
  /** Tokens the request may use: context limit minus reserved output tokens. */
  readonly budget: number;
  /** Cached per-message token counts for this model. */
  readonly tokens: MessageTokens;
  readonly model: string;
  readonly agentPath: string;
  /** How many times the engine has prepared a request (the loop calls it once per iteration). */
  readonly iteration: number;
  readonly signal: AbortSignal;
  /** Turns strategies leave intact unless their own option says otherwise. */
  readonly keepRecentTurns: number;
  /** True when user and assistant turns must alternate (Anthropic, Google). */
  readonly alternation: boolean;
  /** Role of the notes the engine inserts (trim notices, summaries). */
  readonly noticeRole: "user" | "system";
}

/** What a strategy returns when it changed the request. */
export interface StrategyResult {
  readonly messages: readonly Message[];
  readonly summary?: string;
  readonly persistSummary?: boolean;
  readonly usage?: readonly Usage[];
  readonly events?: readonly UnstampedEvent[];
}

/**
 * One way of making a request smaller. `apply` returns the new request, or undefined
 * when it has nothing to change. The engine applies strategies in order until the
 * request fits; a strategy with `always` runs on every call.
 */
export interface ContextStrategy {
  /** Name reported in `context-trimmed` events. */
  readonly name: string;
  /** Run even when the request already fits. */
  readonly always?: boolean;
  /** The smaller request, or undefined when this strategy cannot make it smaller. */
  apply(context: StrategyContext): StrategyResult | undefined | Promise<StrategyResult | undefined>;
}

/**
 * A strategy from a function: it gets the request and the budget and returns the
 * new message list, a full {@link StrategyResult}, or undefined to leave it.
 *
 * @example
 * custom(({ messages }) => messages.filter((m) => m.role !== "system" || m === messages[0]), { name: "drop-late-system" })
 */
export function custom(
  fn: (context: StrategyContext) => readonly Message[] | StrategyResult | undefined | Promise<readonly Message[] | StrategyResult | undefined>,
  options: { readonly name?: string; readonly always?: boolean } = {},
): ContextStrategy {
  if (typeof fn !== "function") throw new ConfigurationError(`custom(): the first argument must be a function, got ${fn === null ? "null" : typeof fn}.`);
  checkOptions("custom", options, { name: is.nonEmptyString, always: is.boolean });
  return {
    name: options.name ?? "custom",
    ...(options.always === undefined ? {} : { always: options.always }),
    async apply(context) {
      const out = await fn(context);
      if (out === undefined) return undefined;
      return Array.isArray(out) ? { messages: out as readonly Message[] } : (out as StrategyResult);
    },
  };
}
