import type { ModelRequest, ModelStreamPart } from "@baton/core";
import { startProviderServer, type ProviderServer } from "@baton/testing";
import { createGoogleProvider, type GoogleProvider, type GoogleProviderOptions } from "../../src/index.js";

/** Reads a provider stream to the end. */
export async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** A replay server and a Google provider pointed at it. */
export interface Harness {
  readonly server: ProviderServer;
  readonly provider: GoogleProvider;
}

/** Starts a replay server and a provider on it (fast retries unless `options.retry` says otherwise). */
export async function startHarness(options: GoogleProviderOptions = {}): Promise<Harness> {
  const server = await startProviderServer();
  const provider = createGoogleProvider({ apiKey: "test-key", baseURL: server.url, retry: { initialDelayMs: 1, jitter: 0 }, ...options });
  return { server, provider };
}

/** A one-message request. */
export function ask(text: string, extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "gemini-2.5-flash", messages: [{ role: "user", content: [{ type: "text", text }] }], ...extra };
}
