/**
 * `@baton/evals`: a run becomes a test. Record a live run (model requests and streamed
 * responses, tool calls and results, events) and replay it deterministically, with the
 * first request that diverges from the recorded one reported; score runs with built-in
 * scorers (answers, tool calls, budgets) or your own.
 */
export { EVALS_ERROR_CODES, type EvalsErrorCode } from "./errors/evals-error-codes.js";
export { RecordingFormatError, ReplayDivergenceError, ReplayExhaustedError } from "./errors/replay-errors.js";
export { createRecorder, type Recorder, type RecorderOptions } from "./recording/recorder.js";
export { readRecording } from "./recording/read-recording.js";
export { redactSecrets } from "./recording/redact-secrets.js";
export { writeRecording } from "./recording/write-recording.js";
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
export { answerContains, answerMatches, exactAnswer, type AnswerMatchOptions } from "./scorers/answer-scorers.js";
export { withinBudget, type RunBudget } from "./scorers/budget-scorer.js";
export { scoreRun, scorer, type Score, type ScoredRun, type Scorer, type ScorerOptions, type ScorerVerdict } from "./scorers/scorer.js";
export { noToolErrors, toolCalled, toolSequence, type ToolSequenceOptions } from "./scorers/tool-scorers.js";
export { matchesValue } from "./scorers/value-matcher.js";
export type { CaseExpectations, EvalCase } from "./dataset/eval-case.js";
export { expectationScorers } from "./dataset/expectation-scorers.js";
export { loadDataset } from "./dataset/load-dataset.js";
export type { EvalAttempt, EvalCaseResult, EvalResult } from "./run/eval-result.js";
export { passAtK } from "./run/pass-at-k.js";
export { progressPrinter, type ProgressOutput } from "./run/progress-printer.js";
export {
  type CachedResponse,
  type CacheCounts,
  cachedProvider,
  fileResponseCache,
  memoryResponseCache,
  type ResponseCache,
  responseCacheKey,
} from "./run/response-cache.js";
export { type EvalProgress, type EvalRunContext, runEval, type RunEvalOptions, writeEvalResult } from "./run/run-eval.js";
export { type CaseComparison, type CompareOptions, compareEvals, type EvalComparison, formatComparison } from "./report/compare-evals.js";
export { formatEvalTable } from "./report/eval-table.js";
export { toJUnitXml } from "./report/junit-xml.js";
export { readEvalResult } from "./report/read-eval-result.js";
export { type JudgeOptions, type JudgeScorer, type JudgeUsage, JUDGE_INSTRUCTIONS, llmJudge } from "./scorers/llm-judge.js";
export { type OutputSchema, type StandardResult, type StandardSchemaLike, structuredOutput } from "./scorers/structured-output.js";
