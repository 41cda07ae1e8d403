/** Structured output: a zod schema for the final answer, repair turns, and the parsed value with `outputOf`. */
export { parseJsonAnswer, type JsonAnswer } from "./parse-json-answer.js";
export { validateAnswer, type AnswerCheck, type OutputIssue } from "./validate-answer.js";
export { StructuredOutputError } from "./structured-output-error.js";
export { structuredOutputInstructions } from "./output-instructions.js";
export { STRUCTURED_OUTPUT_STATE_KEY, type StructuredOutputState } from "./structured-output-state.js";
export { structuredOutput, type StructuredOutputOptions } from "./structured-output.js";
export { outputOf } from "./output-of.js";
