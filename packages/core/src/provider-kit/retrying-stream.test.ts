import { describe, expect, it } from "vitest";
import { ProviderServerError, RateLimitError, InvalidRequestError, ProviderStreamError } from "../errors/provider-errors.js";
import { RunAbortedError } from "../errors/errors.js";
import type { ModelStreamPart } from "../model/model-provider.js";
import type { RetryListener } from "../model/retry-policy.js";
import { retryDelay } from "./retry-decision.js";
import { joinRetryListeners, streamWithRetries } from "./retrying-stream.js";

const text = (t: string): ModelStreamPart => ({ type: "text-delta", text: t });
const info = { provider: "test" };

async function collect(iterable: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

/** An attempt function that fails with the given errors in turn (before output), then streams "ok". */
function failing(errors: Error[]): { attempt: () => AsyncIterable<ModelStreamPart>; calls: () => number } {
  let calls = 0;
  return {
    attempt: async function* () {
      const error = errors[calls++];
      if (error) throw error;
      yield text("ok");
    },
    calls: () => calls,
  };
}

describe("retryDelay", () => {
  it("doubles from the initial delay, caps at the maximum, and takes jitter off", () => {
    const policy = { maxRetries: 5, initialDelayMs: 100, maxDelayMs: 350, jitter: 0.5 };
    expect([1, 2, 3, 4].map((n) => retryDelay(n, policy, undefined, () => 0))).toEqual([100, 200, 350, 350]);
    expect(retryDelay(1, policy, undefined, () => 1)).toBe(50);
    expect(retryDelay(6, policy, undefined)).toBeUndefined();
  });

  it("honours retry-after, up to maxRetryAfterMs", () => {
    expect(retryDelay(1, {}, 1234)).toBe(1234);
    expect(retryDelay(1, { maxRetryAfterMs: 1000 }, 5000)).toBeUndefined();
    expect(retryDelay(3, {}, 10)).toBeUndefined(); // default maxRetries 2
  });
});

describe("streamWithRetries", () => {
  it("retries retryable errors before output, waiting retry-after, then streams", async () => {
    const { attempt, calls } = failing([
      new RateLimitError("slow down", { ...info, status: 429, retryAfterMs: 30 }),
      new ProviderServerError("boom", { ...info, status: 500 }),
    ]);
    const retries: [string, number, number][] = [];
    const started = performance.now();
    const parts = await collect(
      streamWithRetries(attempt, { initialDelayMs: 1, jitter: 0 }, undefined, (error, n, delay) => retries.push([error.code, n, delay])),
    );
    expect(parts).toEqual([text("ok")]);
    expect(calls()).toBe(3);
    expect(retries).toEqual([
      ["PROVIDER_RATE_LIMIT", 1, 30],
      ["PROVIDER_SERVER", 2, 2],
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
  });

  it("does not retry errors that are not retryable, or after maxRetries", async () => {
    const invalid = failing([new InvalidRequestError("bad", info)]);
    await expect(collect(streamWithRetries(invalid.attempt, { initialDelayMs: 1 }, undefined))).rejects.toBeInstanceOf(InvalidRequestError);
    expect(invalid.calls()).toBe(1);
    const server = failing([new ProviderServerError("1", info), new ProviderServerError("2", info)]);
    await expect(collect(streamWithRetries(server.attempt, { maxRetries: 1, initialDelayMs: 1 }, undefined))).rejects.toThrow("test: 2");
    expect(server.calls()).toBe(2);
    const plain = failing([new Error("not a BatonError")]);
    await expect(collect(streamWithRetries(plain.attempt, {}, undefined))).rejects.toThrow("not a BatonError");
  });

  it("never retries once output reached the consumer", async () => {
    let calls = 0;
    const attempt = async function* (): AsyncGenerator<ModelStreamPart> {
      calls++;
      yield text("partial");
      throw new ProviderStreamError("cut", info);
    };
    const parts: ModelStreamPart[] = [];
    await expect(
      (async () => {
        for await (const part of streamWithRetries(attempt, { initialDelayMs: 1 }, undefined)) parts.push(part);
      })(),
    ).rejects.toBeInstanceOf(ProviderStreamError);
    expect(parts).toEqual([text("partial")]);
    expect(calls).toBe(1);
  });

  it("an abort during the wait ends it with RunAbortedError", async () => {
    const controller = new AbortController();
    const { attempt, calls } = failing([new RateLimitError("wait", { ...info, retryAfterMs: 10_000 })]);
    setTimeout(() => controller.abort(), 20);
    await expect(collect(streamWithRetries(attempt, {}, controller.signal))).rejects.toBeInstanceOf(RunAbortedError);
    expect(calls()).toBe(1);
  });
});

describe("provider errors", () => {
  it("carry the provider, status, request id and retry hint, prefixed message and JSON details", () => {
    const error = new RateLimitError("Too many requests", {
      provider: "openai",
      status: 429,
      requestId: "req_1",
      retryAfterMs: 2000,
      providerCode: "rate_limit_exceeded",
    });
    expect(error.message).toBe("openai: Too many requests");
    expect(error).toMatchObject({ code: "PROVIDER_RATE_LIMIT", retryable: true, provider: "openai", status: 429, requestId: "req_1", retryAfterMs: 2000 });
    expect(error.toJSON()).toMatchObject({
      code: "PROVIDER_RATE_LIMIT",
      details: { provider: "openai", status: 429, requestId: "req_1", retryAfterMs: 2000, providerCode: "rate_limit_exceeded" },
    });
    expect(new InvalidRequestError("bad", { provider: "x" }).retryable).toBe(false);
  });
});

describe("joinRetryListeners", () => {
  it("is undefined without listeners, the listener itself for one, and calls each in turn for several (one that throws stops none)", () => {
    const calls: string[] = [];
    const a: RetryListener = (error, retry, delay) => void calls.push(`a ${error.code} ${retry} ${delay}`);
    const b: RetryListener = () => {
      calls.push("b");
      throw new Error("observer failed");
    };
    const c: RetryListener = (_error, retry) => void calls.push(`c ${retry}`);
    expect(joinRetryListeners()).toBeUndefined();
    expect(joinRetryListeners(undefined, undefined)).toBeUndefined();
    expect(joinRetryListeners(undefined, a)).toBe(a);
    joinRetryListeners(a, b, undefined, c)!(new RateLimitError("slow down", info), 2, 40);
    expect(calls).toEqual(["a PROVIDER_RATE_LIMIT 2 40", "b", "c 2"]);
  });

  it("a request's listener hears the retries of streamWithRetries", async () => {
    const heard: number[] = [];
    let attempts = 0;
    const attempt = async () => {
      if (attempts++ < 2) throw new ProviderServerError("down", info);
      return (async function* () {
        yield text("ok");
      })();
    };
    const parts = await collect(
      streamWithRetries(
        attempt,
        { initialDelayMs: 1, jitter: 0 },
        undefined,
        joinRetryListeners(undefined, (_e, retry) => void heard.push(retry)),
      ),
    );
    expect(parts).toEqual([text("ok")]);
    expect(heard).toEqual([1, 2]);
  });
});
