import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "@baton/testing/error-codes";
import * as pkg from "../src/index.js";
import { AGENTS_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/agents` exports, by class name. */
const samples: Record<string, BatonError> = {
  HandoffDepthExceededError: new pkg.HandoffDepthExceededError(["triage", "billing"], 1),
  SubAgentFailedError: new pkg.SubAgentFailedError("the researcher failed"),
  OrchestrationDefinitionError: new pkg.OrchestrationDefinitionError([{ path: "steps", message: "required" }]),
  TodoListError: new pkg.TodoListError("invalid_change", "no such item"),
  StructuredOutputError: new pkg.StructuredOutputError([{ path: "", message: "not JSON" }], 1),
  AgentTemplateError: new pkg.AgentTemplateError("Invalid agent template", ["name: required"]),
};

describeErrorCodes({
  packageName: "@baton/agents",
  codesName: "AGENTS_ERROR_CODES",
  codes: AGENTS_ERROR_CODES,
  exports: pkg,
  samples,
  testFileUrl: import.meta.url,
});
