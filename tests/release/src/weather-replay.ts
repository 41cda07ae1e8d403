import { loadProviderFixture, type ProviderServer } from "@baton/testing";

/**
 * The recorded OpenAI-compatible streams the quickstart's agent is answered with: a
 * call of the `weather` tool (arguments the tool's schema refuses, so the loop sends
 * the model a corrective tool result), then a text answer.
 */
const TOOL_CALL = loadProviderFixture("openai-chat", "xai-tool-call");
const ANSWER = loadProviderFixture("openai-chat", "openai-text");

/** The text the model's second, recorded answer streams. */
export const REPLAYED_ANSWER: string = ANSWER.map((line) => {
  const chunk = JSON.parse(line) as { choices?: { delta?: { content?: string | null } }[] };
  return chunk.choices?.[0]?.delta?.content ?? "";
}).join("");

/** Queues the two answers of one run of the quickstart's agent. */
export function enqueueWeatherRun(server: ProviderServer): void {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: TOOL_CALL }, { kind: "stream", protocol: "openai-chat", chunks: ANSWER });
}

/** The environment that points the OpenAI SDK at the replay server (`createOpenAIProvider()` reads it). */
export function openAIEnvironment(server: ProviderServer): Record<string, string> {
  return { OPENAI_API_KEY: "sk-test-not-a-real-key", OPENAI_BASE_URL: `${server.url}/v1` };
}
