import type { ModelInfo } from "@baton/sdk";

/** Model id of every scripted model of this example. */
export const SCRIPTED_MODEL_ID = "scripted";

/**
 * What the scripted models report about themselves. The price is illustrative
 * (no real model is called); it is there so the page can show a run's cost.
 */
export const SCRIPTED_MODEL_INFO: Readonly<Record<string, ModelInfo>> = {
  [SCRIPTED_MODEL_ID]: {
    id: SCRIPTED_MODEL_ID,
    contextWindow: 128_000,
    maxOutputTokens: 4_096,
    pricing: { inputPerMillion: 2.5, outputPerMillion: 10 },
  },
};

/** Shown wherever a run is shown, so nobody mistakes the scripted model for a real one. */
export const SCRIPTED_MODEL_NOTICE =
  "No model provider is configured: the model's part is played by scriptedModel from @baton/testing, and its price is illustrative. The tools, the sub-agents and the event stream are real.";
