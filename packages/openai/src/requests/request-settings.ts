import type { OpenAICustomToolFormat, OpenAIReasoningEffort } from "../provider-options.js";

/** The provider options a request body is built from, with their defaults applied. */
export interface RequestSettings {
  readonly provider: string;
  readonly strictTools: boolean;
  readonly reasoningEffort: OpenAIReasoningEffort | undefined;
  readonly extraBody: Readonly<Record<string, unknown>> | undefined;
  readonly systemRole: "system" | "developer";
  readonly maxTokensField: "max_completion_tokens" | "max_tokens";
  readonly includeUsage: boolean;
  readonly reasoningField: "reasoning_content" | "reasoning" | undefined;
  readonly store: boolean;
  readonly reasoningSummary: "auto" | "concise" | "detailed" | undefined;
  /** `undefined`: decide by model (reasoning models, when not storing). */
  readonly includeEncryptedReasoning: boolean | undefined;
  readonly customTools: ReadonlyMap<string, OpenAICustomToolFormat>;
}
