import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ContextLengthExceededError,
  InvalidRequestError,
  ProviderOverloadedError,
  ProviderServerError,
  ProviderStreamError,
  RateLimitError,
} from "../errors/provider-errors.js";
import { ToolNotFoundError } from "../errors/errors.js";
import {
  failureKindOfError,
  failureKindOfStatus,
  isRetryableKind,
  isRetryableStatus,
  providerErrorForStatus,
  providerErrorOfKind,
  type ProviderFailureKind,
} from "./status-error-rule.js";

const info = { provider: "test", requestId: "req_1" };

describe("failureKindOfStatus: one rule for every adapter", () => {
  const table: ReadonlyArray<readonly [number, ProviderFailureKind, boolean]> = [
    [400, "invalid-request", false],
    [401, "authentication", false],
    [402, "invalid-request", false],
    [403, "authentication", false],
    [404, "invalid-request", false],
    [405, "invalid-request", false],
    [408, "server", true],
    [409, "server", true],
    [413, "invalid-request", false],
    [415, "invalid-request", false],
    [422, "invalid-request", false],
    [429, "rate-limit", true],
    [451, "invalid-request", false],
    [499, "invalid-request", false],
    [500, "server", true],
    [501, "server", true],
    [502, "server", true],
    [503, "overloaded", true],
    [504, "server", true],
    [520, "server", true],
    [529, "overloaded", true],
    [599, "server", true],
  ];

  it.each(table)("%i → %s (retryable: %s)", (status, kind, retryable) => {
    expect(failureKindOfStatus(status)).toBe(kind);
    expect(isRetryableStatus(status)).toBe(retryable);
    expect(providerErrorForStatus(status, "m", info).retryable).toBe(retryable);
  });

  it("a status that is not an error (1xx–3xx) is an unexpected answer of the server, retryable", () => {
    expect([100, 200, 204, 301, 304].map(failureKindOfStatus)).toEqual(["server", "server", "server", "server", "server"]);
  });

  it("409 is retryable, unlike the other conflicts of a 4xx", () => {
    expect(providerErrorForStatus(409, "lock timeout", info)).toBeInstanceOf(ProviderServerError);
    expect(providerErrorForStatus(410, "gone", info)).toBeInstanceOf(InvalidRequestError);
  });
});

describe("providerErrorOfKind", () => {
  it("builds the typed error of each kind, keeping the message and the call's facts", () => {
    const built = (["authentication", "rate-limit", "context-length", "overloaded", "server", "invalid-request", "stream"] as const).map((kind) =>
      providerErrorOfKind(kind, "said by the provider", { ...info, status: 418, retryAfterMs: 5 }),
    );
    expect(built.map((error) => error.constructor)).toEqual([
      AuthenticationError,
      RateLimitError,
      ContextLengthExceededError,
      ProviderOverloadedError,
      ProviderServerError,
      InvalidRequestError,
      ProviderStreamError,
    ]);
    expect(built.map((error) => error.retryable)).toEqual([false, true, false, true, true, false, true]);
    for (const error of built)
      expect(error).toMatchObject({ message: "test: said by the provider", provider: "test", status: 418, requestId: "req_1", retryAfterMs: 5 });
  });

  it("each kind's class agrees with isRetryableKind, and failureKindOfError reads the kind back", () => {
    for (const kind of ["authentication", "rate-limit", "context-length", "overloaded", "server", "invalid-request", "stream"] as const) {
      const error = providerErrorOfKind(kind, "m", info);
      expect(error.retryable).toBe(isRetryableKind(kind));
      expect(failureKindOfError(error)).toBe(kind);
    }
    expect(failureKindOfError(new ToolNotFoundError("nope", []))).toBeUndefined();
  });
});

describe("providerErrorForStatus", () => {
  it("sets the status on the error", () => {
    expect(providerErrorForStatus(429, "slow down", info)).toMatchObject({ status: 429, code: "PROVIDER_RATE_LIMIT" });
  });

  it("turns an invalid request into a context-length error when the adapter says the wording means it", () => {
    expect(providerErrorForStatus(400, "prompt is too long", info, { contextLengthExceeded: true })).toBeInstanceOf(ContextLengthExceededError);
    expect(providerErrorForStatus(413, "too many tokens", info, { contextLengthExceeded: true })).toBeInstanceOf(ContextLengthExceededError);
    expect(providerErrorForStatus(413, "request too large", info)).toBeInstanceOf(InvalidRequestError);
  });

  it("keeps a retryable status retryable whatever its wording (a 5xx that mentions the context is still a server error)", () => {
    expect(providerErrorForStatus(500, "context window", info, { contextLengthExceeded: true })).toBeInstanceOf(ProviderServerError);
    expect(providerErrorForStatus(429, "bad key", info, { authenticationFailed: true })).toBeInstanceOf(RateLimitError);
  });

  it("turns an invalid request into an authentication error when the adapter says the credentials were refused", () => {
    expect(providerErrorForStatus(400, "API key not valid", info, { authenticationFailed: true })).toBeInstanceOf(AuthenticationError);
  });
});
