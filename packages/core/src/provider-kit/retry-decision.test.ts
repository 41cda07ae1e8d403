import { describe, expect, it } from "vitest";
import { BatonError } from "../errors/baton-error.js";
import { InvalidRequestError, ProviderServerError, ProviderStreamError, RateLimitError } from "../errors/provider-errors.js";
import { retryDecision } from "./retry-decision.js";

const info = { provider: "test" };
const noJitter = { initialDelayMs: 100, jitter: 0 };

describe("retryDecision", () => {
  it("retries a retryable provider error with the policy's exponential delay", () => {
    const error = new ProviderServerError("boom", { ...info, status: 500 });
    expect([1, 2].map((retry) => retryDecision(error, retry, noJitter))).toEqual([100, 200]);
    expect(retryDecision(error, 3, noJitter)).toBeUndefined();
  });

  it("waits what the provider asked for, unless it is longer than maxRetryAfterMs", () => {
    expect(retryDecision(new RateLimitError("slow down", { ...info, retryAfterMs: 1500 }), 1, noJitter)).toBe(1500);
    expect(retryDecision(new RateLimitError("slow down", { ...info, retryAfterMs: 90_000 }), 1, noJitter)).toBeUndefined();
    expect(retryDecision(new RateLimitError("slow down", { ...info, retryAfterMs: 90_000 }), 1, { maxRetryAfterMs: 120_000 })).toBe(90_000);
  });

  it("does not retry what is not retryable, or anything that is not a Baton error", () => {
    expect(retryDecision(new InvalidRequestError("bad", info), 1, noJitter)).toBeUndefined();
    expect(retryDecision(new Error("plain"), 1, noJitter)).toBeUndefined();
    expect(retryDecision("a string", 1, noJitter)).toBeUndefined();
    expect(retryDecision(new BatonError("PROVIDER_ERROR", "retryable but not a provider's", { retryable: true }), 1, noJitter)).toBe(100);
  });

  it("does not retry once the signal has fired", () => {
    const controller = new AbortController();
    controller.abort();
    expect(retryDecision(new ProviderStreamError("cut", info), 1, noJitter, controller.signal)).toBeUndefined();
  });

  it("honours maxRetries 0 and takes jitter off the computed delay", () => {
    expect(retryDecision(new ProviderStreamError("cut", info), 1, { maxRetries: 0 })).toBeUndefined();
    expect(retryDecision(new ProviderStreamError("cut", info), 1, { initialDelayMs: 100, jitter: 0.5 }, undefined, () => 1)).toBe(50);
  });
});
