import { readFileSync } from "node:fs";
import { GoogleGenAI } from "@google/genai";
import { loadProviderFixture } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { createGoogleProvider } from "../src/index.js";
import type { GoogleClient } from "../src/sdk-types.js";
import { assembleTurn } from "./support/assemble-turn.js";
import { ask, collect, startHarness } from "./support/provider-harness.js";

const expectedMajor = process.env.BATON_TEST_GENAI_MAJOR;
/** The version of the package installed as `name` (its package.json is not among its exports: read from the file). */
function versionOf(name: string): string {
  return (JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), "utf8")) as { version: string }).version;
}

describe("the suite runs against the @google/genai major it says", () => {
  it("resolves `@google/genai` to the major of this run (2 or 3)", async () => {
    expect(expectedMajor === "2" || expectedMajor === "3").toBe(true);
    expect(versionOf(expectedMajor === "3" ? "google-genai-v3" : "@google/genai").split(".")[0]).toBe(expectedMajor);
    // The module the adapter and the tests import is the one of that major.
    const imported = (await import("@google/genai")).GoogleGenAI;
    const major3 = (await import("google-genai-v3")).GoogleGenAI;
    expect((imported as unknown) === major3).toBe(expectedMajor === "3");
  });

  it("the adapter's own client is built by that major", () => {
    expect(createGoogleProvider({ apiKey: "k" }).client).toBeInstanceOf(GoogleGenAI);
  });

  it("takes a client built by @google/genai 3 while its own SDK is this run's major (two copies side by side)", async () => {
    const { GoogleGenAI: GoogleGenAI3 } = await import("google-genai-v3");
    const { server } = await startHarness();
    try {
      server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
      const client = new GoogleGenAI3({ apiKey: "k", httpOptions: { baseUrl: server.url } });
      const provider = createGoogleProvider({ client: client as unknown as GoogleClient, retry: { maxRetries: 0 } });
      const turn = assembleTurn(await collect(provider.stream(ask("Hello"))));
      expect(turn.text.length).toBeGreaterThan(0);
      expect(turn.finish).toBe("stop");
      // The client's own API version (version 3 calls v1 by default): a client of the user's is used as it is.
      expect(server.requests[0]?.path).toBe("/v1/models/gemini-2.5-flash:streamGenerateContent");
    } finally {
      await server.close();
    }
  });
});
