import { checkOptions, optionIs as is, requiredOption as required, type OptionRule } from "@baton/core";
import type { ContextEngine, ContextEngineInput, ContextEngineOutput, Message, TokenCounter, ToolDefinition, UnstampedEvent, Usage } from "@baton/core";
import { enforceAlternation } from "./alternation.js";
import { ContextOverflowError } from "./context-overflow-error.js";
import type { ContextStrategy, StrategyContext } from "./context-strategy.js";
import { originOf } from "./derived-messages.js";
import { MessageTokens } from "./message-tokens.js";

/** Options of {@link createContextEngine}. */
export interface ContextEngineOptions {
  /** Counts tokens (use the counter for the run's model). */
  readonly counter: TokenCounter;
  /**
   * Strategies, applied in order until the request fits. Those marked `always` run on
   * every call: the strategies given a threshold of their own (`slidingWindow({ maxTurns })`,
   * `compactOldTurns({ maxTokens })`, `summarizeOldTurns({ maxTokens })`) are, and act
   * once it is passed, however large the window is.
   */
  readonly strategies: ContextStrategy | readonly ContextStrategy[];
  /** Newest turns strategies keep intact unless told otherwise. Default 4. */
  readonly keepRecentTurns?: number;
  /**
   * Make user and assistant turns alternate in the prepared messages themselves:
   * same-role neighbours are merged and kept tails start at an assistant turn. The
   * Anthropic and Google adapters of Baton also merge same-role turns when they
   * convert, so this is for providers or code that read the messages as they are.
   * Default false.
   */
  readonly alternation?: boolean;
  /**
   * Role of inserted notes (trim notice, summary). Default `system` with alternation
   * (a user note would merge into the first user message), else `user`, which keeps
   * the system prompt, and so a provider's prompt cache of it, unchanged.
   */
  readonly noticeRole?: "user" | "system";
  /**
   * Tool definitions sent with every request; their tokens are kept free. The loop
   * does not tell the engine which tools it sends, so give them here.
   */
  readonly tools?: readonly ToolDefinition[];
}

const isStrategy = (value: unknown): boolean => typeof value === "object" && value !== null && typeof (value as { apply?: unknown }).apply === "function";

/** A strategy or a list of them. */
const STRATEGIES: OptionRule = {
  expected: "a context strategy (an object with apply()) or an array of them",
  test: (value) => isStrategy(value) || (Array.isArray(value) && value.every(isStrategy)),
};

/** The last prepared request, returned again when the same input comes back. */
interface Prepared {
  readonly messages: readonly Message[];
  readonly inLoopLength: number;
  readonly last: Message | undefined;
  readonly budget: number;
  readonly model: string;
  readonly output: ContextEngineOutput;
}

/**
 * Creates a context engine: after each iteration it makes the next request fit the
 * model's window minus the reserved output tokens, applying the strategies in order
 * until it does (strategies with a threshold of their own also act on it), and throws
 * {@link ContextOverflowError} when they cannot. Unknown or mistyped options are a
 * `ConfigurationError`. Message token counts are cached by message identity, so a
 * call costs what is new.
 *
 * @example
 * const engine = createContextEngine({
 *   counter,
 *   strategies: [compressConsumedToolResults(), compactOldTurns({ keepRecentTurns: 4 }), slidingWindow()],
 * });
 * await run({ ..., contextEngine: engine, contextLimit: 32_000 });
 */
export function createContextEngine(options: ContextEngineOptions): ContextEngine {
  checkOptions("createContextEngine", options, {
    counter: required(is.objectWith("a token counter", "countText", "countMessages")),
    strategies: required(STRATEGIES),
    keepRecentTurns: is.nonNegativeInteger,
    alternation: is.boolean,
    noticeRole: is.oneOf("user", "system"),
    tools: is.array,
  });
  const strategies: readonly ContextStrategy[] = Array.isArray(options.strategies) ? options.strategies : [options.strategies as ContextStrategy];
  const alternation = options.alternation ?? false;
  const noticeRole = options.noticeRole ?? (alternation ? "system" : "user");
  const keepRecentTurns = options.keepRecentTurns ?? 4;
  const counts = new Map<string, MessageTokens>();
  let prepared: Prepared | undefined;
  let iteration = 0;

  const tokensFor = (model: string): MessageTokens => {
    let tokens = counts.get(model);
    if (tokens === undefined) counts.set(model, (tokens = new MessageTokens(options.counter, model, options.tools)));
    return tokens;
  };

  return {
    async prepare(input: ContextEngineInput): Promise<ContextEngineOutput> {
      iteration++;
      const budget = input.contextLimit - input.reservedOutputTokens;
      const last = input.inLoop.length > 0 ? input.inLoop[input.inLoop.length - 1] : undefined;
      if (
        prepared !== undefined &&
        prepared.messages === input.messages &&
        prepared.inLoopLength === input.inLoop.length &&
        prepared.last === last &&
        prepared.budget === budget &&
        prepared.model === input.model
      ) {
        // The same request again: its usage and events were already reported.
        const { usage: _usage, events: _events, ...output } = prepared.output;
        return output;
      }
      const tokens = tokensFor(input.model);
      let current: readonly Message[] = input.inLoop.length > 0 ? [...input.messages, ...input.inLoop] : input.messages;
      let fits = tokens.requestUpTo(current, budget) <= budget;
      const events: UnstampedEvent[] = [];
      const usage: Usage[] = [];
      let summary: string | undefined;
      let persistSummary: boolean | undefined;

      for (const strategy of strategies) {
        if (fits && strategy.always !== true) continue;
        const context: StrategyContext = {
          messages: current,
          budget,
          tokens,
          model: input.model,
          agentPath: input.agentPath,
          iteration,
          signal: input.signal,
          keepRecentTurns,
          alternation,
          noticeRole,
        };
        const result = await strategy.apply(context);
        if (result === undefined || sameMessages(result.messages, current)) continue;
        const before = tokens.total(current, budget).tokens;
        const after = tokens.total(result.messages, budget).tokens;
        if (result.usage) usage.push(...result.usage);
        if (result.events) events.push(...result.events);
        if (result.summary !== undefined) {
          summary = result.summary;
          persistSummary = result.persistSummary ?? true;
        }
        events.push({
          type: "context-trimmed",
          strategy: strategy.name,
          removedMessages: Math.max(0, current.length - result.messages.length),
          tokensBefore: before,
          tokensAfter: after,
        });
        current = result.messages;
        fits = tokens.requestUpTo(current, budget) <= budget;
      }
      if (alternation) {
        current = enforceAlternation(current);
        fits = tokens.requestUpTo(current, budget) <= budget;
      }
      if (!fits) throw new ContextOverflowError(tokens.request(current), budget);

      const output: ContextEngineOutput = {
        ...split(input, current),
        ...(summary === undefined ? {} : { summary, persistSummary: persistSummary ?? true }),
        ...(usage.length > 0 ? { usage } : {}),
        ...(events.length > 0 ? { events } : {}),
      };
      prepared = { messages: input.messages, inLoopLength: input.inLoop.length, last, budget, model: input.model, output };
      return output;
    },
  };
}

/**
 * Splits the prepared request back into conversation and in-loop messages: the
 * in-loop part starts at the first message that is (or was rewritten from) one of
 * the input's in-loop messages. The conversation is only returned when it changed.
 */
function split(input: ContextEngineInput, request: readonly Message[]): Pick<ContextEngineOutput, "inLoop" | "messages"> {
  const conversation = input.messages;
  if (request === conversation && input.inLoop.length === 0) return { inLoop: input.inLoop };
  let unchanged = request.length >= conversation.length;
  for (let i = 0; unchanged && i < conversation.length; i++) if (request[i] !== conversation[i]) unchanged = false;
  if (unchanged) return { inLoop: request.slice(conversation.length) };
  const inLoop = new Set(input.inLoop);
  let start = request.length;
  for (let i = 0; i < request.length; i++) {
    if (inLoop.has(originOf(request[i]!))) {
      start = i;
      break;
    }
  }
  return { messages: request.slice(0, start), inLoop: request.slice(start) };
}

/** True when two lists hold the same message objects in the same order. */
function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
