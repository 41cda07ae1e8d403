import type { ModelProvider } from "@baton/sdk";
import type { ScriptedModel } from "@baton/testing";
import { createAnthropicProvider } from "@baton/anthropic";
import { createGoogleProvider } from "@baton/google";
import { createOpenAIProvider } from "@baton/openai";
import { createResearchModel } from "../scripted/research-script.js";

/** The environment variables the example reads. */
export interface ModelEnvironment {
  readonly OPENAI_API_KEY?: string;
  readonly OPENAI_BASE_URL?: string;
  readonly ANTHROPIC_API_KEY?: string;
  readonly GEMINI_API_KEY?: string;
  /** Overrides the model id of whichever provider is chosen. */
  readonly BATON_MODEL?: string;
}

/** The model the example runs on. */
export interface ChosenModel {
  readonly provider: ModelProvider;
  readonly model: string;
  /** Said at the start of a run: which provider and model, or that the model is scripted. */
  readonly notice: string;
  /** The scripted model, when no provider is configured (inspect its `requests` in tests). */
  readonly scripted?: ScriptedModel;
}

/** Default model ids per provider: small, fast and able to call tools. */
export const DEFAULT_MODELS = {
  openai: "gpt-4.1-mini",
  compatible: "llama3.1",
  anthropic: "claude-haiku-4-5",
  google: "gemini-2.5-flash",
} as const;

/** Said at the start of a scripted run, so nobody mistakes the scripted model for a real one. */
export const SCRIPTED_MODEL_NOTICE =
  "No model provider is configured (set OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or OPENAI_BASE_URL): this run uses a scripted model that plays the model's part; the tools are real.";

const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

/**
 * Picks the model from the environment, in this order: an OpenAI-compatible server
 * (`OPENAI_BASE_URL`, e.g. Ollama at `http://localhost:11434/v1`), OpenAI
 * (`OPENAI_API_KEY`), Anthropic (`ANTHROPIC_API_KEY`), Google (`GEMINI_API_KEY`), and
 * the scripted model when none is set. `BATON_MODEL` overrides the model id.
 */
export function chooseModel(env: ModelEnvironment, scripted: { chunkDelayMs?: number } = {}): ChosenModel {
  const override = set(env.BATON_MODEL) ? env.BATON_MODEL.trim() : undefined;
  const real = (provider: ModelProvider, model: string, what: string): ChosenModel => ({ provider, model, notice: `Model: ${model} (${what}).` });
  if (set(env.OPENAI_BASE_URL)) {
    const provider = createOpenAIProvider({
      baseURL: env.OPENAI_BASE_URL,
      apiKey: set(env.OPENAI_API_KEY) ? env.OPENAI_API_KEY : "not-needed",
      id: "openai-compatible",
    });
    return real(provider, override ?? DEFAULT_MODELS.compatible, `OpenAI-compatible server at ${env.OPENAI_BASE_URL}`);
  }
  if (set(env.OPENAI_API_KEY)) return real(createOpenAIProvider({ apiKey: env.OPENAI_API_KEY }), override ?? DEFAULT_MODELS.openai, "OpenAI");
  if (set(env.ANTHROPIC_API_KEY)) return real(createAnthropicProvider({ apiKey: env.ANTHROPIC_API_KEY }), override ?? DEFAULT_MODELS.anthropic, "Anthropic");
  if (set(env.GEMINI_API_KEY)) return real(createGoogleProvider({ apiKey: env.GEMINI_API_KEY }), override ?? DEFAULT_MODELS.google, "Google");
  const model = createResearchModel(scripted.chunkDelayMs === undefined ? {} : { chunkDelayMs: scripted.chunkDelayMs });
  return { provider: model, model: "scripted-researcher", notice: SCRIPTED_MODEL_NOTICE, scripted: model };
}
