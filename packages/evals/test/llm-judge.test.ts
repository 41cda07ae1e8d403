import type { ModelRequest } from "@baton/core";
import { run } from "@baton/loop";
import { createOpenAIProvider } from "@baton/openai";
import { type ProviderServer, scriptedModel, startProviderServer } from "@baton/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JUDGE_INSTRUCTIONS, llmJudge, runEval } from "../src/index.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

/** An OpenAI Chat Completions stream answering `text` in two pieces, with its usage. */
function chatAnswer(text: string, usage: [number, number]) {
  const chunk = (body: Record<string, unknown>) =>
    JSON.stringify({ id: "chatcmpl-judge", object: "chat.completion.chunk", created: 1_770_000_000, model: "gpt-4.1-mini", ...body });
  const half = Math.floor(text.length / 2);
  return {
    kind: "stream" as const,
    protocol: "openai-chat" as const,
    chunks: [
      chunk({ choices: [{ index: 0, delta: { role: "assistant", content: text.slice(0, half) }, finish_reason: null }] }),
      chunk({ choices: [{ index: 0, delta: { content: text.slice(half) }, finish_reason: null }] }),
      chunk({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }),
      chunk({ choices: [], usage: { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1] } }),
    ],
  };
}

const answered = () =>
  run({ provider: scriptedModel(["Mars has 2 moons and Jupiter 95: 97 in all (mars.md, jupiter.md)."]), model: "m", input: "Moons of Mars and Jupiter?" });

describe("llmJudge", () => {
  it("grades through the OpenAI adapter against the local provider server: the request holds the rubric, the input and the answer; its usage is counted apart", async () => {
    const judge = llmJudge({
      provider: createOpenAIProvider({ apiKey: "test-key", baseURL: `${server.url}/v1` }),
      model: "gpt-4.1-mini",
      rubric: "Gives the total and names the notes.",
    });
    server.enqueue(chatAnswer('{"score": 0.9, "reason": "It gives 97 and cites both notes."}', [210, 18]));
    const result = await answered();
    const verdict = await judge.score({ result, input: "Moons of Mars and Jupiter?" });
    expect(verdict).toEqual({ name: "judge", score: 0.9, passed: true, reason: "It gives 97 and cites both notes." });
    expect(judge.usage).toEqual({ calls: 1, inputTokens: 210, outputTokens: 18 });
    // The run's own usage is untouched by the judge.
    expect(result.usage.total.inputTokens + result.usage.total.outputTokens).toBeLessThan(200);
    const body = server.requests.at(-1)!.body as { model: string; temperature: number; messages: { role: string; content: unknown }[] };
    expect(body.model).toBe("gpt-4.1-mini");
    expect(body.temperature).toBe(0);
    expect(body.messages[0]).toEqual({ role: "system", content: JUDGE_INSTRUCTIONS });
    expect(JSON.stringify(body.messages[1])).toContain(
      "Question:\\nMoons of Mars and Jupiter?\\n\\nAnswer:\\nMars has 2 moons and Jupiter 95: 97 in all (mars.md, jupiter.md).\\n\\nRubric:\\nGives the total and names the notes.",
    );

    // Below the threshold: a verdict, but a failed one.
    server.enqueue(chatAnswer('```json\n{"score": 0.4, "reason": "No notes named."}\n```', [200, 15]));
    expect(await judge.score({ result })).toEqual({ name: "judge", score: 0.4, passed: false, reason: "No notes named." });
    expect(judge.usage).toEqual({ calls: 2, inputTokens: 410, outputTokens: 33 });
  });

  it("fails the run with the reason when the judge's reply is not a verdict or its call fails", async () => {
    const result = await answered();
    const replies = ["I think it is fine.", '{"score": 7, "reason": "great"}', '{"score": 1}'];
    const judge = llmJudge({ provider: scriptedModel(replies), model: "judge", rubric: "Correct." });
    expect(await judge.score({ result })).toMatchObject({ score: 0, passed: false, reason: 'The judge\'s reply is not a verdict: "I think it is fine."' });
    expect(await judge.score({ result })).toMatchObject({
      passed: false,
      reason: 'The judge\'s reply is not a verdict: "{\\"score\\": 7, \\"reason\\": \\"great\\"}"',
    });
    expect(await judge.score({ result })).toMatchObject({ score: 1, passed: true, reason: "(the judge gave no reason)" });

    server.enqueue({ kind: "json", status: 400, body: { error: { message: "bad request", type: "invalid_request_error" } } });
    const failing = llmJudge({
      provider: createOpenAIProvider({ apiKey: "test-key", baseURL: `${server.url}/v1` }),
      model: "gpt-4.1-mini",
      rubric: "Correct.",
      name: "strict judge",
    });
    const failed = await failing.score({ result });
    expect(failed).toMatchObject({ name: "strict judge", score: 0, passed: false });
    expect(failed.reason).toMatch(/^The judge failed: .*bad request/);
  });

  it("judges each attempt of an eval with the case's input, and the eval's token totals leave the judge out", async () => {
    const judgeModel = scriptedModel(
      [
        (request: ModelRequest) => ({
          text: JSON.stringify({ score: JSON.stringify(request.messages).includes("Paris") ? 1 : 0.2, reason: "checked" }),
          usage: { inputTokens: 100, outputTokens: 10 },
        }),
      ],
      { repeatLast: true },
    );
    const judge = llmJudge({ provider: judgeModel, model: "judge", rubric: "Mentions the city asked about." });
    const result = await runEval({
      dataset: [
        { id: "paris", input: "Weather in Paris?" },
        { id: "oslo", input: "Weather in Oslo?" },
      ],
      provider: scriptedModel([{ text: "Sunny.", usage: { inputTokens: 5, outputTokens: 1 } }], { repeatLast: true }),
      run: (input, { provider }) => run({ provider, model: "m", input }),
      scorers: [judge],
      concurrency: 1,
    });
    expect(result.cases.map((each) => [each.id, each.passRate])).toEqual([
      ["paris", 1],
      ["oslo", 0],
    ]);
    expect(judge.usage).toEqual({ calls: 2, inputTokens: 200, outputTokens: 20 });
    expect(result.summary).toMatchObject({ inputTokens: 10, outputTokens: 2 });
  });
});
