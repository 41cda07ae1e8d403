import { loadProviderFixture } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { FIXTURES, cliEnv, freshDir, runCli } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

const HELLO = join(FIXTURES, "hello.json");

const server = useProviderServer();

/** The environment with only the given variables for providers. */
function envWith(variables: Record<string, string>): NodeJS.ProcessEnv {
  return { ...cliEnv(undefined), ...variables };
}

describe("the provider comes from the environment", () => {
  it("Anthropic, from ANTHROPIC_API_KEY, at ANTHROPIC_BASE_URL", async () => {
    server().enqueue({ kind: "stream", protocol: "anthropic", chunks: loadProviderFixture("anthropic", "anthropic-text") });
    const outcome = await runCli(["run", HELLO, "Hi"], {
      cwd: freshDir(),
      env: envWith({ ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server().url }),
    });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.split("\n")[0]).toMatch(/^\[run\] \S+ · agent hello · model gpt-4\.1-nano · anthropic$/);
    expect(outcome.stdout).toMatch(/\n\[completed\] 1 model call · /);
    const request = server().requests.at(-1)!;
    expect(request.path).toBe("/v1/messages");
    expect(JSON.stringify(request.headers)).toContain("sk-ant-test");
  });

  it("Google, from GEMINI_API_KEY, at GOOGLE_BASE_URL; --provider picks among several keys", async () => {
    server().enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
    const env = envWith({ OPENAI_API_KEY: "sk-openai-unused", GEMINI_API_KEY: "gemini-test", GOOGLE_BASE_URL: server().url });
    const outcome = await runCli(["run", HELLO, "Hi", "--provider", "google"], { cwd: freshDir(), env });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.split("\n")[0]).toMatch(/ · google$/);
    const request = server().requests.at(-1)!;
    expect(request.path).toMatch(/\/models\/gpt-4\.1-nano:streamGenerateContent$/);
    expect(request.headers["x-goog-api-key"]).toBe("gemini-test");
  });
});
