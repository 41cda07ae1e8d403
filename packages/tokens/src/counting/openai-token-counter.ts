import { checkOptions, optionIs as is } from "@baton/core";
import type { Message, TokenCount, TokenCounter, ToolDefinition } from "@baton/core";
import { countOpenAIMessage, REPLY_PRIMING_TOKENS, roleTokenCounts, type MessageCountContext } from "./chat-format.js";
import { encodingForModel, type OpenAIEncodingName } from "./encodings.js";
import type { ImageDetail } from "./image-tokens.js";
import { MessageCountCache } from "./message-count-cache.js";
import { sharedTokenizer, type TokenizerName } from "./text-tokenizer.js";
import { TOOL_DEFINITIONS_SYSTEM_DEDUCTION, toolDefinitionTokens } from "./tool-definitions.js";

/** Options of {@link createOpenAITokenCounter}. */
export interface OpenAITokenCounterOptions {
  /** Model counted for when a call gives none; picks the encoding. Default: `o200k_base` (current models). */
  readonly model?: string;
  /**
   * Tokenizer library. Both give identical counts; `gpt-tokenizer` (pure JS, the
   * default) is several times faster on short messages than `tiktoken` (WASM),
   * whose per-call cost dominates there. See `bench/tokens-counting.mjs`.
   */
  readonly tokenizer?: TokenizerName;
  /** Detail images are sent with (Baton's image part has no detail field). Default `high`. */
  readonly imageDetail?: ImageDetail;
}

/** A {@link TokenCounter} for OpenAI models, with the count of a single message. */
export interface OpenAITokenCounter extends TokenCounter {
  readonly tokenizer: TokenizerName;
  /** Tokens one message adds to a request (its chat-format overhead included, the reply priming not). Cached per message. */
  countMessage(message: Message, model?: string): TokenCount;
}

/** Options of `countMessages` (shared with the calibrated counter). @internal */
export const COUNT_OPTIONS = { model: is.string, tools: is.array } as const;

interface EncodingState {
  readonly context: MessageCountContext;
  readonly cache: MessageCountCache;
  readonly compute: (message: Message, padded: boolean) => number;
  readonly computeTools: (tools: readonly ToolDefinition[]) => number;
}

/**
 * Exact token counts for OpenAI models: the text by the model's encoding
 * (`o200k_base` or `cl100k_base`), each message's chat-format overhead (3 tokens +
 * role, reply priming 3), tool definitions by OpenAI's rendering (see
 * `toolDefinitionTokens`) and images by the 512-pixel tile rule. Counts are
 * `exact: true` except for a model id that is not a known OpenAI model.
 *
 * Each message's count is cached on the message object, so recounting a
 * conversation after appending a message encodes only the new message. Encoders
 * are loaded once per process and shared by all counters.
 *
 * @example
 * const counter = createOpenAITokenCounter({ model: "gpt-4o" });
 * counter.countText("hello world"); // { tokens: 2, exact: true }
 * counter.countMessages([userMessage("hello world")]); // { tokens: 9, exact: true }
 */
export function createOpenAITokenCounter(options: OpenAITokenCounterOptions = {}): OpenAITokenCounter {
  checkOptions("createOpenAITokenCounter", options, {
    model: is.string,
    tokenizer: is.oneOf("gpt-tokenizer", "tiktoken"),
    imageDetail: is.oneOf("low", "high"),
  });
  const tokenizerName = options.tokenizer ?? "gpt-tokenizer";
  const imageDetail = options.imageDetail ?? "high";
  const states = new Map<OpenAIEncodingName, EncodingState>();

  const stateFor = (encoding: OpenAIEncodingName): EncodingState => {
    let state = states.get(encoding);
    if (state === undefined) {
      const tokenizer = sharedTokenizer(tokenizerName, encoding);
      const count = (text: string): number => tokenizer.count(text);
      const context: MessageCountContext = { count, imageDetail, roleTokens: roleTokenCounts(count) };
      state = {
        context,
        cache: new MessageCountCache(),
        compute: (message, padded) => countOpenAIMessage(message, context, padded),
        computeTools: (tools) => toolDefinitionTokens(tools, false, count),
      };
      states.set(encoding, state);
    }
    return state;
  };
  const resolve = (model: string | undefined) => encodingForModel(model ?? options.model);

  return {
    tokenizer: tokenizerName,
    countText(text, model) {
      const { encoding, known } = resolve(model);
      return { tokens: stateFor(encoding).context.count(text), exact: known };
    },
    countMessage(message, model) {
      const { encoding, known } = resolve(model);
      const state = stateFor(encoding);
      return { tokens: state.cache.message(message, false, state.compute), exact: known };
    },
    countMessages(messages, countOptions) {
      if (countOptions !== undefined) checkOptions("countMessages", countOptions, COUNT_OPTIONS);
      const { encoding, known } = resolve(countOptions?.model);
      const state = stateFor(encoding);
      const tools = countOptions?.tools;
      const hasTools = tools !== undefined && tools.length > 0;
      let tokens = REPLY_PRIMING_TOKENS;
      let systemSeen = false;
      for (let i = 0; i < messages.length; i++) {
        const message = messages[i]!;
        // With tools, OpenAI appends a newline to the first system message.
        const padded = hasTools && !systemSeen && message.role === "system";
        if (message.role === "system") systemSeen = true;
        tokens += state.cache.message(message, padded, state.compute);
      }
      if (hasTools) {
        tokens += state.cache.toolDefinitions(tools, state.computeTools);
        if (systemSeen) tokens -= TOOL_DEFINITIONS_SYSTEM_DEDUCTION;
      }
      return { tokens, exact: known };
    },
  };
}
