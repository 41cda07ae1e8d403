import type * as genai from "@google/genai";

/** The official SDK client this package drives (`new GoogleGenAI(...)`). */
export type GoogleClient = genai.GoogleGenAI;
/** One turn of a `generateContent` request: a role (`user` or `model`) and its parts. */
export type GeminiContent = genai.Content;
/** One part of a turn: text, a thought, inline or file data, a function call or response. */
export type GeminiPart = genai.Part;
/** A function declaration offered to the model. */
export type GeminiFunctionDeclaration = genai.FunctionDeclaration;
/** Gemini's OpenAPI-subset schema of function parameters. */
export type GeminiSchema = genai.Schema;
/** The `tools` entry of a request. */
export type GeminiTool = genai.Tool;
/** The `toolConfig` of a request (function-calling mode and allowed names). */
export type GeminiToolConfig = genai.ToolConfig;
/** The per-call configuration the SDK turns into `generationConfig`, `tools`, `systemInstruction`, … */
export type GeminiGenerateConfig = genai.GenerateContentConfig;
/** Everything `models.generateContentStream` takes. */
export type GeminiStreamParams = genai.GenerateContentParameters;
/** One streamed chunk of a `streamGenerateContent` call. */
export type GeminiResponseChunk = genai.GenerateContentResponse;
/** The cumulative usage a chunk reports. */
export type GeminiUsageMetadata = genai.GenerateContentResponseUsageMetadata;
/** A function call as the model streams it (whole, or in pieces with `partialArgs`). */
export type GeminiFunctionCall = genai.FunctionCall;
/** One streamed piece of a function call's arguments. */
export type GeminiPartialArg = genai.PartialArg;
/** Thinking settings: `includeThoughts`, `thinkingBudget`, `thinkingLevel`. */
export type GeminiThinkingConfig = genai.ThinkingConfig;
/** One safety setting (category and threshold). */
export type GeminiSafetySetting = genai.SafetySetting;
