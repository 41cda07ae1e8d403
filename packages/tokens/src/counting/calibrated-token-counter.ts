import { checkOptions, optionIs as is, requiredOption as required } from "@baton/core";
import type { Message, TokenCount, TokenCounter, ToolDefinition } from "@baton/core";
import { ConfigurationError } from "@baton/core";
import { COUNT_OPTIONS, createOpenAITokenCounter } from "./openai-token-counter.js";

/** Providers that publish no local tokenizer and get a calibrated estimate. */
export type CalibratedProvider = "anthropic" | "google";

/**
 * Starting ratios of a provider's token count to the `o200k_base` count of the same
 * request, used until the first response reports its usage. They are rough and
 * deliberately on the high side (an estimate that runs over trims a little early
 * instead of overflowing): Claude's tokenizer yields roughly 15–30% more tokens than
 * OpenAI's on English prose and code; Gemini's SentencePiece vocabulary yields about
 * as many, a little more on code.
 */
export const DEFAULT_TOKEN_RATIOS: Readonly<Record<CalibratedProvider, number>> = { anthropic: 1.25, google: 1.1 };

/** Options of {@link createCalibratedTokenCounter}. */
export interface CalibratedTokenCounterOptions {
  readonly provider: CalibratedProvider;
  /** Counter whose counts are scaled. Default: `createOpenAITokenCounter()` (`o200k_base`, gpt-tokenizer). */
  readonly base?: TokenCounter;
  /** Starting ratio. Default {@link DEFAULT_TOKEN_RATIOS}`[provider]`. */
  readonly ratio?: number;
  /** Weight of a new observation in the ratio's moving average, in (0, 1]. Default 0.3. */
  readonly smoothing?: number;
  /** How many reported prefixes are remembered (most recent kept). Default 8. */
  readonly maxReports?: number;
}

/** A counter whose estimate learns from the input tokens each response reports. */
export interface CalibratedTokenCounter extends TokenCounter {
  readonly provider: CalibratedProvider;
  /** Current ratio of provider tokens to base tokens. */
  readonly ratio: number;
  /**
   * Records that a request made of `messages` (and `tools`) cost `reportedInputTokens`
   * — the provider's own count, all input included (for Anthropic: `input_tokens` +
   * `cache_read_input_tokens` + `cache_creation_input_tokens`; for Gemini:
   * `promptTokenCount`). Later counts of a conversation starting with these message
   * objects use this number for that part, and the ratio moves toward the observation.
   */
  calibrate(messages: readonly Message[], reportedInputTokens: number, options?: { readonly tools?: readonly ToolDefinition[] }): void;
}

/** Options of `calibrate`. */
const CALIBRATE_OPTIONS = { tools: is.array } as const;

interface Report {
  readonly messages: readonly Message[];
  readonly tokens: number;
  readonly toolsKey: string;
  readonly tools: readonly ToolDefinition[] | undefined;
}

/** Below this many base tokens, a conversation's new part is too small to say much about the ratio. */
const MIN_OBSERVED_TOKENS = 32;

/**
 * A calibrated estimate for providers without a local tokenizer (Anthropic, Google):
 * the base counter's count × a per-provider ratio. After `calibrate`, a conversation
 * that starts with the reported messages (the same message objects) counts that
 * prefix as the reported number exactly, and only the messages after it are
 * estimated. `exact` is true only when the whole request was reported (same
 * messages, same tools).
 *
 * Each report also updates the ratio (exponential moving average, weight
 * `smoothing`): the observation is the reported tokens of the part that is new since
 * the longest earlier report, over its base count — or of the whole request when no
 * earlier report is a prefix of it.
 *
 * @example
 * const counter = createCalibratedTokenCounter({ provider: "anthropic" });
 * counter.countMessages(history); // { tokens: ≈1.25 × o200k, exact: false }
 * counter.calibrate(history, response.usage.inputTokens);
 * counter.countMessages(history); // { tokens: response.usage.inputTokens, exact: true }
 */
export function createCalibratedTokenCounter(options: CalibratedTokenCounterOptions): CalibratedTokenCounter {
  checkOptions("createCalibratedTokenCounter", options, {
    provider: required(is.oneOf("anthropic", "google")),
    base: is.objectWith("a token counter", "countText", "countMessages"),
    ratio: is.positiveNumber,
    smoothing: is.fraction,
    maxReports: is.positiveInteger,
  });
  const { provider } = options;
  const base = options.base ?? createOpenAITokenCounter();
  let ratio = options.ratio ?? DEFAULT_TOKEN_RATIOS[provider];
  const smoothing = options.smoothing ?? 0.3;
  const maxReports = options.maxReports ?? 8;

  const reports: Report[] = [];
  const toolKeys = new WeakMap<readonly ToolDefinition[], string>();
  const toolsKeyOf = (tools: readonly ToolDefinition[] | undefined): string => {
    if (tools === undefined || tools.length === 0) return "";
    let key = toolKeys.get(tools);
    if (key === undefined) {
      key = JSON.stringify(tools);
      toolKeys.set(tools, key);
    }
    return key;
  };
  /** Base tokens of messages without the per-request reply priming. */
  const baseMessages = (messages: readonly Message[]): number => base.countMessages(messages).tokens - base.countMessages([]).tokens;
  /** Base tokens the tool definitions add to a request. */
  const baseTools = (tools: readonly ToolDefinition[] | undefined): number =>
    tools === undefined || tools.length === 0 ? 0 : base.countMessages([], { tools }).tokens - base.countMessages([]).tokens;
  const estimate = (baseTokens: number): number => Math.ceil(baseTokens * ratio);

  /** The longest report whose messages are the first messages of `messages` (same objects). */
  const longestReport = (messages: readonly Message[]): Report | undefined => {
    let best: Report | undefined;
    for (const report of reports) {
      const n = report.messages.length;
      if (n > messages.length || (best !== undefined && n <= best.messages.length)) continue;
      if (isPrefix(report.messages, messages)) best = report;
    }
    return best;
  };

  return {
    provider,
    get ratio() {
      return ratio;
    },
    countText(text) {
      return { tokens: estimate(base.countText(text).tokens), exact: false };
    },
    countMessages(messages, countOptions): TokenCount {
      if (countOptions !== undefined) checkOptions("countMessages", countOptions, COUNT_OPTIONS);
      const tools = countOptions?.tools;
      const report = longestReport(messages);
      if (report === undefined) return { tokens: estimate(base.countMessages(messages, { tools: tools ?? [] }).tokens), exact: false };
      const sameTools = report.toolsKey === toolsKeyOf(tools);
      const rest = messages.length === report.messages.length ? 0 : estimate(baseMessages(messages.slice(report.messages.length)));
      let tokens = report.tokens + rest;
      if (!sameTools) tokens += estimate(baseTools(tools)) - estimate(baseTools(report.tools));
      return { tokens: Math.max(tokens, 0), exact: sameTools && messages.length === report.messages.length };
    },
    calibrate(messages, reportedInputTokens, calibrateOptions) {
      if (calibrateOptions !== undefined) checkOptions("calibrate", calibrateOptions, CALIBRATE_OPTIONS);
      if (!Number.isFinite(reportedInputTokens) || reportedInputTokens < 0) {
        throw new ConfigurationError(`reportedInputTokens must be a non-negative number, got ${reportedInputTokens}.`);
      }
      const tools = calibrateOptions?.tools;
      const toolsKey = toolsKeyOf(tools);
      const earlier = longestReport(messages);
      let observedTokens: number;
      let observedBase: number;
      if (earlier !== undefined && earlier.toolsKey === toolsKey && earlier.messages.length < messages.length) {
        observedTokens = reportedInputTokens - earlier.tokens;
        observedBase = baseMessages(messages.slice(earlier.messages.length));
      } else {
        observedTokens = reportedInputTokens;
        observedBase = base.countMessages(messages, { tools: tools ?? [] }).tokens;
      }
      if (observedBase >= MIN_OBSERVED_TOKENS && observedTokens > 0) ratio += smoothing * (observedTokens / observedBase - ratio);
      reports.unshift({ messages: messages.slice(), tokens: reportedInputTokens, toolsKey, tools });
      if (reports.length > maxReports) reports.length = maxReports;
    },
  };
}

function isPrefix(prefix: readonly Message[], messages: readonly Message[]): boolean {
  const n = prefix.length;
  if (n === 0) return true;
  if (prefix[n - 1] !== messages[n - 1]) return false;
  for (let i = 0; i < n - 1; i++) if (prefix[i] !== messages[i]) return false;
  return true;
}
