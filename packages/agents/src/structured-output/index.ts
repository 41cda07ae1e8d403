export { parseJsonAnswer, type JsonAnswer } from "./parse-json-answer.js";
export { validateAnswer, type AnswerCheck, type OutputIssue } from "./validate-answer.js";
export { StructuredOutputError } from "./structured-output-error.js";
export { structuredOutputInstructions } from "./output-instructions.js";
export { STRUCTURED_OUTPUT_STATE_KEY, type StructuredOutputState } from "./structured-output-state.js";
export { structuredOutput, withStructuredOutput, type StructuredOutputOptions } from "./with-structured-output.js";
export { outputOf } from "./output-of.js";
