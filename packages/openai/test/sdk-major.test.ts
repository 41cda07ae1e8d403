import { describe, expect, it } from "vitest";
import OpenAI from "openai";
import { VERSION } from "openai/version";
import { VERSION as V7_VERSION } from "openai-v7/version";
import { createOpenAIProvider } from "../src/index.js";
import { startProviderServer } from "@baton/testing";
import { assemble, chatText, collect, request } from "./support/harness.js";

const expectedMajor = process.env.BATON_TEST_OPENAI_MAJOR;

describe("the suite runs against the openai major it says", () => {
  it("resolves `openai` to the major of this run (6 or 7)", () => {
    expect(expectedMajor === "6" || expectedMajor === "7").toBe(true);
    expect(VERSION.split(".")[0]).toBe(expectedMajor);
    expect(V7_VERSION.split(".")[0]).toBe("7");
  });

  it("the adapter's own client is built by that major", () => {
    const provider = createOpenAIProvider({ apiKey: "k" });
    expect(provider.client).toBeInstanceOf(OpenAI);
  });

  it("takes a client built by openai 7 while its own `openai` is this run's major (two copies of the SDK side by side)", async () => {
    const { default: OpenAI7 } = await import("openai-v7");
    const server = await startProviderServer();
    try {
      server.enqueue(
        { kind: "json", status: 409, body: { error: { message: "Lock timeout", type: "conflict" } } },
        { kind: "stream", protocol: "openai-chat", chunks: chatText(["from ", "seven"]) },
      );
      const client = new OpenAI7({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 3 });
      const provider = createOpenAIProvider({ client: client as unknown as OpenAI, retry: { maxRetries: 1, initialDelayMs: 1, jitter: 0 } });
      expect(assemble(await collect(provider.stream(request()))).text).toBe("from seven");
      // One retry of the 409 by Baton's policy, none by the SDK's own.
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it("names a refused connection and a timeout of an openai 7 client as the adapter's own SDK would", async () => {
    const { default: OpenAI7 } = await import("openai-v7");
    const server = await startProviderServer();
    const url = server.url;
    await server.close();
    const refused = createOpenAIProvider({ client: new OpenAI7({ apiKey: "k", baseURL: `${url}/v1` }) as unknown as OpenAI, retry: { maxRetries: 0 } });
    await expect(collect(refused.stream(request()))).rejects.toThrow(/^openai: The connection failed: Connection error\./);
  });
});
