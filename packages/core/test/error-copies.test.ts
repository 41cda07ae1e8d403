import { describe, expect, it } from "vitest";
import {
  BatonError,
  isBatonError,
  ProviderRequestError,
  RateLimitError,
  RunClaimLostError,
  StorageConflictError,
  StorageError,
  ToolNotFoundError,
  ToolPausedSignal,
  isToolPausedSignal,
} from "../src/index.js";
import { redactSecrets } from "../src/provider-kit/index.js";
import { defineStorage, type StorageOperations } from "../src/storage-kit/index.js";

/**
 * Typed errors survive two copies of `@baton/core` in one app (two versions installed,
 * or one bundled twice): an error made by the other copy is not an `instanceof` this
 * copy's class, but `isBatonError` and each class's `isInstance` recognise it by its
 * registered-symbol markers. The second copy is the built package loaded again under
 * another URL, so every class in it is a different object.
 */
type Core = typeof import("../src/index.js");
const otherCopy = async (): Promise<Core> => (await import(new URL("../dist/index.js?copy=2", import.meta.url).href)) as Core;

describe("errors from another copy of @baton/core", () => {
  it("come from classes that are not this copy's (so instanceof fails: the premise of the tests below)", async () => {
    const other = await otherCopy();
    expect(other.BatonError).not.toBe(BatonError);
    const error = new other.RateLimitError("slow down", { provider: "openai", status: 429, retryAfterMs: 500 });
    expect(error instanceof BatonError).toBe(false);
    expect(error instanceof RateLimitError).toBe(false);
  });

  it("a paused tool's signal from the other copy is still a pause (and a plain error is not)", async () => {
    const other = await otherCopy();
    const signal = new other.ToolPausedSignal("ask", "question");
    expect(signal instanceof ToolPausedSignal).toBe(false);
    expect([isToolPausedSignal(signal), other.isToolPausedSignal(new ToolPausedSignal("ask", "approval"))]).toEqual([true, true]);
    expect([isToolPausedSignal(new Error("Tool paused")), isToolPausedSignal(undefined), isToolPausedSignal({ kind: "question" })]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("are recognised by isBatonError, with and without a code", async () => {
    const other = await otherCopy();
    const error = new other.RateLimitError("slow down", { provider: "openai", status: 429 });
    expect([isBatonError(error), isBatonError(error, "PROVIDER_RATE_LIMIT"), isBatonError(error, "PROVIDER_SERVER")]).toEqual([true, true, false]);
    expect([
      isBatonError(new Error("plain")),
      isBatonError({ code: "PROVIDER_RATE_LIMIT" }),
      isBatonError(undefined),
      isBatonError("PROVIDER_RATE_LIMIT"),
    ]).toEqual([false, false, false, false]);
  });

  it("are recognised by the class they were made as and by its base classes, not by unrelated classes", async () => {
    const other = await otherCopy();
    const rateLimit = new other.RateLimitError("slow down", { provider: "openai", status: 429 });
    expect([RateLimitError.isInstance(rateLimit), ProviderRequestError.isInstance(rateLimit), BatonError.isInstance(rateLimit)]).toEqual([true, true, true]);
    expect([StorageError.isInstance(rateLimit), ToolNotFoundError.isInstance(rateLimit)]).toEqual([false, false]);
    const lost = new other.RunClaimLostError("run-1", "a", "b");
    expect([RunClaimLostError.isInstance(lost), StorageConflictError.isInstance(lost), RateLimitError.isInstance(lost)]).toEqual([true, false, false]);
    expect(lost).toMatchObject({ code: "RUN_CLAIM_LOST", runId: "run-1", owner: "a", heldBy: "b" });
  });

  it("work the other way round: the other copy recognises this copy's errors", async () => {
    const other = await otherCopy();
    const conflict = new StorageConflictError('conversation "c1"', 1, 2);
    expect([
      other.isBatonError(conflict, "STORAGE_CONFLICT"),
      other.StorageConflictError.isInstance(conflict),
      other.StorageError.isInstance(conflict),
    ]).toEqual([true, true, false]);
  });

  it("are handled as Baton errors by helpers that branch on the kind (redactSecrets)", async () => {
    const other = await otherCopy();
    const error = new other.StorageError("could not log in with hunter22");
    expect(redactSecrets(error, ["hunter22"]).message).toBe("could not log in with ***");
  });

  it("keep the markers out of JSON, keys and equality", () => {
    const error = new RateLimitError("slow down", { provider: "openai" });
    expect(Object.keys(error)).not.toContain(expect.stringContaining("baton.error"));
    expect(Object.getOwnPropertySymbols(error).map((symbol) => Symbol.keyFor(symbol))).toEqual([
      "baton.error",
      "baton.error.RateLimitError",
      "baton.error.ProviderRequestError",
      "baton.error.BatonError",
    ]);
    expect(JSON.parse(JSON.stringify(error))).toEqual(error.toJSON());
    expect(Object.getOwnPropertySymbols(error).every((symbol) => !Object.prototype.propertyIsEnumerable.call(error, symbol))).toBe(true);
  });

  it("pass through a storage adapter's error wrapping as they are, not wrapped as a driver failure", async () => {
    const other = await otherCopy();
    const conflict = new other.StorageConflictError('session "k"', 1, 2);
    const failing = () => Promise.reject(conflict);
    const operations = new Proxy({}, { get: () => failing }) as StorageOperations<undefined>;
    const wrapped: unknown[] = [];
    const storage = defineStorage({
      label: "test storage",
      context: () => undefined,
      operations,
      wrapError: (error) => {
        wrapped.push(error);
        return new StorageError("driver failure");
      },
    });
    expect(await storage.loadSessionState("k").catch((error: unknown) => error)).toBe(conflict);
    expect(wrapped).toEqual([]);
  });
});
