import type { ModelProvider, TokenUsage } from "@baton/core";
import type { Scorer } from "./scorer.js";

/** Options of {@link llmJudge}. */
export interface JudgeOptions {
  /** The judge's provider: any Baton provider (an adapter, a scripted model). */
  readonly provider: ModelProvider;
  /** The judge's model id. */
  readonly model: string;
  /** What a good answer does, in words: the judge scores the answer against it. */
  readonly rubric: string;
  /** A score at or above it passes (default 0.7). */
  readonly threshold?: number;
  /** The scorer's name in reports (default `judge`). */
  readonly name?: string;
  /** The judge's sampling temperature (default 0). */
  readonly temperature?: number;
}

/** What a judge used, counted apart from the runs it judged. */
export interface JudgeUsage {
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** An LLM-as-judge scorer, with its own usage. */
export interface JudgeScorer extends Scorer {
  /** The judge's model calls and tokens so far (not counted in the runs' usage). */
  readonly usage: JudgeUsage;
}

/** The judge's instructions: how to reply. */
export const JUDGE_INSTRUCTIONS =
  "You grade an AI assistant's answer against a rubric. Reply with one JSON object and nothing else: " +
  '{"score": <a number from 0 to 1>, "reason": "<one sentence>"}. 1 means the answer meets the rubric fully, 0 not at all.';

/**
 * A scorer that asks a model to grade the run's answer against a rubric: the judge
 * sees the input (when the run was scored with it), the answer and the rubric, and
 * replies `{"score": 0–1, "reason": "…"}`. A reply that is not such a verdict, or a
 * failed judge call, fails the run with that as the reason. The judge's tokens are
 * counted in `usage`, apart from the runs'.
 *
 * @example
 * const judge = llmJudge({ provider: openai, model: "gpt-4.1-mini", rubric: "Names the notes it used and gives the total." });
 */
export function llmJudge(options: JudgeOptions): JudgeScorer {
  const name = options.name ?? "judge";
  const threshold = options.threshold ?? 0.7;
  const usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  return {
    name,
    get usage() {
      return { ...usage };
    },
    async score({ result, input }) {
      const question = input === undefined ? "" : `Question:\n${input}\n\n`;
      let reply = "";
      let used: TokenUsage | undefined;
      usage.calls++;
      try {
        const stream = options.provider.stream({
          model: options.model,
          messages: [
            { role: "system", content: JUDGE_INSTRUCTIONS },
            { role: "user", content: [{ type: "text", text: `${question}Answer:\n${result.text}\n\nRubric:\n${options.rubric}` }] },
          ],
          temperature: options.temperature ?? 0,
        });
        for await (const part of stream) {
          if (part.type === "text-delta") reply += part.text;
          else if (part.type === "usage") used = part.usage;
          else if (part.type === "finish" && part.usage) used = part.usage;
        }
      } catch (error) {
        return { name, score: 0, passed: false, reason: `The judge failed: ${error instanceof Error ? error.message : String(error)}` };
      } finally {
        if (used) {
          usage.inputTokens += used.inputTokens;
          usage.outputTokens += used.outputTokens;
        }
      }
      const verdict = verdictOf(reply);
      if (verdict === undefined) return { name, score: 0, passed: false, reason: `The judge's reply is not a verdict: ${JSON.stringify(reply.slice(0, 200))}` };
      return { name, score: verdict.score, passed: verdict.score >= threshold, reason: verdict.reason };
    },
  };
}

/** The `{ score, reason }` object in a judge's reply (the first `{…}` in it, code fences allowed), or undefined. */
function verdictOf(reply: string): { score: number; reason: string } | undefined {
  const start = reply.indexOf("{");
  const end = reply.lastIndexOf("}");
  if (start === -1 || end < start) return undefined;
  try {
    const parsed = JSON.parse(reply.slice(start, end + 1)) as { score?: unknown; reason?: unknown };
    if (typeof parsed.score !== "number" || !Number.isFinite(parsed.score) || parsed.score < 0 || parsed.score > 1) return undefined;
    return { score: parsed.score, reason: typeof parsed.reason === "string" && parsed.reason !== "" ? parsed.reason : "(the judge gave no reason)" };
  } catch {
    return undefined;
  }
}
