/** Token counts of one or more model calls, by kind. */
export interface TokenUsage {
  /** Input (prompt) tokens, including cached ones. */
  readonly inputTokens: number;
  /** Output (completion) tokens, including reasoning tokens. */
  readonly outputTokens: number;
  /** Input tokens served from the provider's prompt cache (a subset of `inputTokens`). */
  readonly cachedInputTokens: number;
  /** Output tokens spent on reasoning (a subset of `outputTokens`). */
  readonly reasoningTokens: number;
}

/** Prices in US dollars per million tokens. */
export interface ModelPricing {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
  /** Price of cached input tokens; defaults to `inputPerMillion` when absent. */
  readonly cachedInputPerMillion?: number;
}

/** The usage of one model call, as recorded by the loop (and stored for billing). */
export interface Usage extends TokenUsage {
  /** The model id that served the call. */
  readonly model: string;
  /** Agent path of the run that made the call, e.g. `main/researcher#2`. */
  readonly agentPath: string;
  /** The 1-based iteration of that agent's loop. */
  readonly iteration: number;
  /** Names of the tools that ran successfully because of this call. */
  readonly tools: readonly string[];
  /** Cost in US dollars, when the model's pricing is known. */
  readonly costUsd?: number;
  /**
   * When the call started, in milliseconds since the epoch (with sub-millisecond
   * precision): a run's records are kept in this order.
   */
  readonly startedAt?: number;
}

/** Totals over many {@link Usage} records. */
export interface UsageTotals extends TokenUsage {
  /** Number of model calls. */
  readonly calls: number;
  /** Sum of the known costs; undefined when no call had a known price. */
  readonly costUsd?: number;
  /** True when every call's cost was known. */
  readonly costComplete: boolean;
  /** Tool names used, in first-use order, without repeats. */
  readonly tools: readonly string[];
}

/** Zero token usage. */
export const ZERO_TOKEN_USAGE: TokenUsage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  reasoningTokens: 0,
});

/** A token count as reported: a finite number of 0 or more, else 0 (NaN, negative, missing, a string). */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * `usage` with every count a finite number of 0 or more (see {@link tokenCount}): what a
 * provider or a tool reported, made safe to sum. Returns `usage` itself when it already is.
 *
 * @example validTokenUsage({ inputTokens: NaN, outputTokens: -3, cachedInputTokens: 2, reasoningTokens: 0 }) // { inputTokens: 0, outputTokens: 0, cachedInputTokens: 2, reasoningTokens: 0 }
 */
export function validTokenUsage<T extends TokenUsage>(usage: T): T {
  const { inputTokens, outputTokens, cachedInputTokens, reasoningTokens } = usage;
  if (
    tokenCount(inputTokens) === inputTokens &&
    tokenCount(outputTokens) === outputTokens &&
    tokenCount(cachedInputTokens) === cachedInputTokens &&
    tokenCount(reasoningTokens) === reasoningTokens
  )
    return usage;
  return {
    ...usage,
    inputTokens: tokenCount(inputTokens),
    outputTokens: tokenCount(outputTokens),
    cachedInputTokens: tokenCount(cachedInputTokens),
    reasoningTokens: tokenCount(reasoningTokens),
  };
}

/** A usage record with valid counts ({@link validTokenUsage}) and its cost dropped when it is not a finite number of 0 or more. */
export function validUsage(record: Usage): Usage {
  const checked = validTokenUsage(record);
  const cost = checked.costUsd;
  if (cost === undefined || (typeof cost === "number" && Number.isFinite(cost) && cost >= 0)) return checked;
  const { costUsd: _dropped, ...rest } = checked;
  return rest;
}

/** Adds two token usages. */
export function addTokenUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
  };
}

/**
 * Cost in US dollars of `usage` at `pricing`. Cached input tokens are billed at the
 * cached price, the rest of the input at the input price.
 * @example costOf({ inputTokens: 1e6, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 }, { inputPerMillion: 2, outputPerMillion: 8 }) // 2
 */
export function costOf(usage: TokenUsage, pricing: ModelPricing): number {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const uncached = usage.inputTokens - cached;
  const cachedPrice = pricing.cachedInputPerMillion ?? pricing.inputPerMillion;
  return (uncached * pricing.inputPerMillion + cached * cachedPrice + usage.outputTokens * pricing.outputPerMillion) / 1e6;
}

/** Sums usage records into totals. */
export function totalUsage(records: readonly Usage[]): UsageTotals {
  let inputTokens = 0;
  let outputTokens = 0;
  let cachedInputTokens = 0;
  let reasoningTokens = 0;
  let cost = 0;
  let costKnown = 0;
  const tools: string[] = [];
  for (const record of records) {
    inputTokens += record.inputTokens;
    outputTokens += record.outputTokens;
    cachedInputTokens += record.cachedInputTokens;
    reasoningTokens += record.reasoningTokens;
    if (record.costUsd !== undefined) {
      cost += record.costUsd;
      costKnown++;
    }
    // A run uses few distinct tools: a search of the list costs less than a set.
    for (const tool of record.tools) if (!tools.includes(tool)) tools.push(tool);
  }
  const calls = records.length;
  const costComplete = costKnown === calls;
  // Literals, not spreads: this runs at the end of every run, and a spread object costs several times more.
  return costKnown > 0
    ? { inputTokens, outputTokens, cachedInputTokens, reasoningTokens, calls, costUsd: cost, costComplete, tools }
    : { inputTokens, outputTokens, cachedInputTokens, reasoningTokens, calls, costComplete, tools };
}
