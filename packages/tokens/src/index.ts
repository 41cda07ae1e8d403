/**
 * `@baton/tokens`: token counting (exact for OpenAI encodings, calibrated for Anthropic
 * and Google) and the context engine that keeps every request inside the window.
 * @packageDocumentation
 */

// counting
export {
  type CalibratedProvider,
  type CalibratedTokenCounter,
  type CalibratedTokenCounterOptions,
  createCalibratedTokenCounter,
  createOpenAITokenCounter,
  DEFAULT_IMAGE_SIZE,
  DEFAULT_TOKEN_RATIOS,
  encodingForModel,
  type ImageDetail,
  type ModelEncoding,
  type OpenAIEncodingName,
  openAIImageTokens,
  type OpenAITokenCounter,
  type OpenAITokenCounterOptions,
  renderToolDefinitions,
  REPLY_PRIMING_TOKENS,
  sharedTokenizer,
  type TextTokenizer,
  type TokenizerName,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_TOOL_CALL,
  TOOL_DEFINITIONS_OVERHEAD,
  TOOL_DEFINITIONS_SYSTEM_DEDUCTION,
  toolDefinitionTokens,
} from "./counting/index.js";

// context
export {
  approximateTokens,
  ARCHIVED_MARKER,
  type ArchivedToolOutput,
  archiveLargeToolOutputs,
  type ArchiveLargeToolOutputsOptions,
  type ArchiveStrategy,
  COMPACTED_MARKER,
  compactOldTurns,
  type CompactOldTurnsOptions,
  type CompressConsumedOptions,
  compressConsumedToolResults,
  CONSUMED_MARKER,
  type ContextEngineOptions,
  ContextOverflowError,
  type ContextStrategy,
  createContextEngine,
  custom,
  enforceAlternation,
  type GetToolResponseArgs,
  getToolResponseTool,
  InMemoryToolArchive,
  MessageTokens,
  slidingWindow,
  type SlidingWindowOptions,
  type StrategyContext,
  type StrategyResult,
  summarizeOldTurns,
  type SummarizeOldTurnsOptions,
  type ToolArchive,
} from "./context/index.js";

// errors
export { TOKENS_ERROR_CODES, type TokensErrorCode } from "./errors/tokens-error-codes.js";
