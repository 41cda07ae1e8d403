import { describe, expect, it } from "vitest";
import { BatonError, errorMessage, isBatonError } from "./baton-error.js";
import { ERROR_CODES } from "./error-codes.js";
import { InvalidToolArgumentsError, ToolNotFoundError, ToolTimeoutError } from "./errors.js";

describe("errors", () => {
  it("carry a stable code, JSON-safe details and a cause, and serialize without the cause", () => {
    const cause = new Error("socket hang up");
    const error = new BatonError(ERROR_CODES.PROVIDER_ERROR, "call failed", { details: { status: 502 }, cause, retryable: true });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("BatonError");
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({ name: "BatonError", code: "PROVIDER_ERROR", message: "call failed", retryable: true, details: { status: 502 } });
    expect(JSON.parse(JSON.stringify(error))).toEqual(error.toJSON());
  });

  it("subclasses keep their names and say what went wrong", () => {
    const notFound = new ToolNotFoundError("serch", ["search", "fetch"]);
    expect(notFound.name).toBe("ToolNotFoundError");
    expect(notFound.message).toBe('Unknown tool "serch". Available tools: search, fetch.');
    expect(notFound.details).toEqual({ toolName: "serch", available: ["search", "fetch"] });
    expect(new InvalidToolArgumentsError("t", ["a: Required", "b: Expected number"]).message).toBe(
      'Invalid arguments for tool "t": a: Required; b: Expected number',
    );
    expect(new ToolTimeoutError("slow", 30).toJSON()).toMatchObject({ code: "TOOL_TIMEOUT", retryable: true, details: { toolName: "slow", timeoutMs: 30 } });
  });

  it("isBatonError matches by class and optionally by code; errorMessage reads any thrown value", () => {
    const error = new ToolNotFoundError("x", []);
    expect(isBatonError(error)).toBe(true);
    expect(isBatonError(error, "TOOL_NOT_FOUND")).toBe(true);
    expect(isBatonError(error, "TOOL_TIMEOUT")).toBe(false);
    expect(isBatonError(new Error("x"))).toBe(false);
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage("plain")).toBe("plain");
    expect(errorMessage({ status: 1 })).toBe('{"status":1}');
  });
});
