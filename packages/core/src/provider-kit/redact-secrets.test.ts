import { describe, expect, it } from "vitest";
import { AuthenticationError } from "../errors/provider-errors.js";
import { RunAbortedError } from "../errors/errors.js";
import { containsSecret, redactCause, redactSecrets, redactText, secretsOf } from "./redact-secrets.js";

const KEY = "sk-test-SECRET-4242";

describe("redactSecrets", () => {
  it("secretsOf keeps strings long enough to be keys, once each", () => {
    expect(secretsOf(KEY, undefined, null, "ollama", KEY, 42)).toEqual([KEY]);
  });

  it("replaces every occurrence in a text", () => {
    expect(redactText(`a ${KEY} b ${KEY}`, [KEY])).toBe("a *** b ***");
  });

  it("finds a key in Headers, a Map and a non-enumerable property", () => {
    expect(containsSecret({ headers: new Headers({ authorization: `Bearer ${KEY}` }) }, [KEY])).toBe(true);
    expect(containsSecret(new Map([["k", KEY]]), [KEY])).toBe(true);
    expect(containsSecret(new Error("x", { cause: new Error(KEY) }), [KEY])).toBe(true);
    expect(containsSecret({ a: "clean" }, [KEY])).toBe(false);
    expect(containsSecret(KEY, [])).toBe(false);
  });

  it("returns an error without the key untouched (same cause object)", () => {
    const cause = new Error("plain");
    const error = new AuthenticationError("denied", { provider: "p", status: 401, cause });
    expect(redactSecrets(error, [KEY])).toBe(error);
    expect(error.cause).toBe(cause);
  });

  it("redacts the message and stack, and keeps a cause copy without headers, request or options", () => {
    const sdk = Object.assign(new Error(`401 bad key ${KEY}`), {
      status: 401,
      code: "invalid_api_key",
      error: { message: `bad key ${KEY}` },
      headers: new Headers({ "x-echo": KEY }),
      request: { headers: { authorization: `Bearer ${KEY}` } },
      options: { apiKey: KEY },
      cause: new Error(`inner ${KEY}`),
    });
    const error = redactSecrets(new AuthenticationError(`bad key ${KEY}`, { provider: "p", status: 401, cause: sdk }), [KEY]);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe("p: bad key ***");
    expect(error.stack).not.toContain(KEY);
    const copy = error.cause as Record<string, unknown>;
    expect(copy).toMatchObject({ message: "401 bad key ***", status: 401, code: "invalid_api_key", error: { message: "bad key ***" } });
    expect(copy.headers).toBeUndefined();
    expect(copy.request).toBeUndefined();
    expect(copy.options).toBeUndefined();
    expect((copy.cause as Error).message).toBe("inner ***");
    expect(containsSecret(error, [KEY])).toBe(false);
  });

  it("redacts a cause that is a string or a plain object", () => {
    expect(redactCause(`reason ${KEY}`, [KEY])).toBe("reason ***");
    expect(redactCause({ why: KEY }, [KEY])).toEqual({ why: "***" });
    const aborted = redactSecrets(new RunAbortedError(`left ${KEY}`), [KEY]);
    expect(containsSecret(aborted, [KEY])).toBe(false);
  });
});
