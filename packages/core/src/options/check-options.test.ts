import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/index.js";
import { RETRY_POLICY_RULES } from "../provider-kit/retry-policy-rules.js";
import { checkOptions, optionIs, requiredOption } from "./check-options.js";

const rules = {
  limit: optionIs.positiveInteger,
  name: requiredOption(optionIs.string),
  retry: optionIs.optionsObject(RETRY_POLICY_RULES),
  headers: optionIs.stringRecord,
};

function messageOf(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as ConfigurationError).message;
  }
  throw new Error("nothing was thrown");
}

describe("checkOptions", () => {
  it("accepts known keys with good values, and undefined as absent", () => {
    expect(() => checkOptions("make", { name: "a", limit: 2, retry: { maxRetries: 0 }, headers: { a: "b" } }, rules)).not.toThrow();
    expect(() => checkOptions("make", { name: "a", limit: undefined }, rules)).not.toThrow();
  });

  it("names the unknown key, the wrong value and the missing required one, with every accepted key", () => {
    expect(messageOf(() => checkOptions("make", { name: "a", limt: 2 }, rules))).toBe(
      'make(): unknown option "limt". Accepted options: limit, name, retry, headers.',
    );
    expect(messageOf(() => checkOptions("make", { name: "a", limit: 0 }, rules))).toBe(
      'make(): option "limit" must be a positive integer, got 0. Accepted options: limit, name, retry, headers.',
    );
    expect(messageOf(() => checkOptions("make", { limit: 1 }, rules))).toBe(
      'make(): option "name" is required (a string). Accepted options: limit, name, retry, headers.',
    );
    expect(messageOf(() => checkOptions("make", "x", rules))).toBe(
      'make(): the options must be an object, got "x". Accepted options: limit, name, retry, headers.',
    );
  });

  it("checks an options object inside the options against its own rules", () => {
    expect(messageOf(() => checkOptions("make", { name: "a", retry: { retries: 2 } }, rules))).toBe(
      'make: retry(): unknown option "retries". Accepted options: maxRetries, initialDelayMs, maxDelayMs, maxRetryAfterMs, jitter.',
    );
    expect(messageOf(() => checkOptions("make", { name: "a", retry: 3 }, rules))).toContain('option "retry" must be an object, got 3');
    expect(messageOf(() => checkOptions("make", { name: "a", headers: { a: 1 } }, rules))).toContain('option "headers" must be an object of strings');
  });
});
