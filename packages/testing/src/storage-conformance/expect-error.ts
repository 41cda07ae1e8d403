import { expect } from "vitest";

/** A Baton error class, as far as the suite needs it: its name and its cross-copy check. */
export interface ErrorClass {
  readonly name: string;
  /** Whether `value` is an error of this class, from any copy of `@baton/core`. */
  isInstance(value: unknown): boolean;
}

/**
 * Asserts that `value` is an error of `type`, made by any copy of `@baton/core`: the
 * adapter under test may have been built against another copy than this suite, so
 * `instanceof` is not the test. A failure shows what was thrown instead.
 */
export function expectErrorOf(value: unknown, type: ErrorClass): void {
  const seen = type.isInstance(value) ? type.name : value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  expect(seen).toBe(type.name);
}

/** Asserts that `promise` rejects with an error of `type` (see {@link expectErrorOf}); resolves with it. */
export async function expectRejectionOf(promise: Promise<unknown>, type: ErrorClass): Promise<unknown> {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  expect(outcome).toHaveProperty("rejected");
  const error = (outcome as { rejected: unknown }).rejected;
  expectErrorOf(error, type);
  return error;
}

/** Asserts that `action` throws an error of `type` (see {@link expectErrorOf}); returns it. */
export function expectThrownOf(action: () => unknown, type: ErrorClass): unknown {
  let thrown: unknown;
  let threw = false;
  try {
    action();
  } catch (error) {
    thrown = error;
    threw = true;
  }
  expect(threw ? "threw" : "returned").toBe("threw");
  expectErrorOf(thrown, type);
  return thrown;
}
