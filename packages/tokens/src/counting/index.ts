export { createOpenAITokenCounter, type OpenAITokenCounter, type OpenAITokenCounterOptions } from "./openai-token-counter.js";
export {
  createCalibratedTokenCounter,
  DEFAULT_TOKEN_RATIOS,
  type CalibratedTokenCounter,
  type CalibratedTokenCounterOptions,
  type CalibratedProvider,
} from "./calibrated-token-counter.js";
export { encodingForModel, type OpenAIEncodingName, type ModelEncoding } from "./encodings.js";
export { sharedTokenizer, type TextTokenizer, type TokenizerName } from "./text-tokenizer.js";
export { openAIImageTokens, DEFAULT_IMAGE_SIZE, type ImageDetail } from "./image-tokens.js";
export { renderToolDefinitions, toolDefinitionTokens, TOOL_DEFINITIONS_OVERHEAD, TOOL_DEFINITIONS_SYSTEM_DEDUCTION } from "./tool-definitions.js";
export { TOKENS_PER_MESSAGE, REPLY_PRIMING_TOKENS, TOKENS_PER_TOOL_CALL } from "./chat-format.js";
