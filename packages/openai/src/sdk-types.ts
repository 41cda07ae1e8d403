import type OpenAI from "openai";

/**
 * The official SDK client this package drives: an `OpenAI` (or `AzureOpenAI`) instance
 * of the `openai` package installed next to it, major 6 or 7.
 */
export type OpenAIClient = OpenAI;
