export { ERROR_CODES, type BatonErrorCodes, type ErrorCode } from "./error-codes.js";
export { BatonError, BATON_ERROR_MARKER, isBatonError, errorMessage, type BatonErrorOptions, type ErrorDetails, type SerializedError } from "./baton-error.js";
export {
  ToolNotFoundError,
  InvalidToolArgumentsError,
  ToolExecutionError,
  ToolTimeoutError,
  ToolNotEnabledError,
  DuplicateToolError,
  InvalidToolSchemaError,
  RunAbortedError,
  ProviderError,
  MaxDepthExceededError,
  TokenBudgetExceededError,
  CostBudgetExceededError,
  ConfigurationError,
  HookError,
  ToolRefusedError,
  ToolResultNotJsonError,
  SubAgentFailedError,
  InvalidDecisionsError,
} from "./errors.js";
export {
  ProviderRequestError,
  AuthenticationError,
  RateLimitError,
  ContextLengthExceededError,
  reportedContextLimit,
  ProviderOverloadedError,
  ProviderServerError,
  InvalidRequestError,
  ProviderStreamError,
  type ProviderErrorInfo,
  type ProviderErrorCode,
} from "./provider-errors.js";
export { StorageError, StorageCorruptionError, StorageConflictError, RunClaimLostError, StorageSchemaError } from "./storage-errors.js";
