/**
 * `@baton/evals`: a run becomes a test. Record a live run (model requests and streamed
 * responses, tool calls and results, events) and replay it deterministically, with the
 * first request that diverges from the recorded one reported.
 */
export { EVALS_ERROR_CODES, type EvalsErrorCode } from "./errors/evals-error-codes.js";
export { RecordingFormatError, ReplayDivergenceError, ReplayExhaustedError } from "./errors/replay-errors.js";
export { createRecorder, type Recorder, type RecorderOptions } from "./recording/recorder.js";
export { readRecording } from "./recording/read-recording.js";
export { redactSecrets } from "./recording/redact-secrets.js";
export {
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type RecordedError,
  type RecordedModelCall,
  type RecordedRequest,
  type RecordedToolCall,
  type Recording,
} from "./recording/recording.js";
export { replayModel, type ReplayModelOptions, type ReplayProvider, type RequestDivergence } from "./replay/replay-model.js";
export { replayTools, type ReplayToolsOptions } from "./replay/replay-tools.js";
export { describeDifference, firstDifference, type ValueDifference } from "./replay/request-difference.js";
