import { ConfigurationError } from "@baton/core";

/**
 * Calls `fn`, which must throw (synchronously, or by returning a rejected promise) a
 * {@link ConfigurationError} from an options check, and returns that error. Anything
 * else (no error, another error) throws an `Error` that fails the calling test.
 *
 * @example
 * const error = await optionsError(() => createThing({ limt: 2 } as never));
 * expect(error.message).toBe('createThing(): unknown option "limt". Accepted options: limit.');
 */
export async function optionsError(fn: () => unknown): Promise<ConfigurationError> {
  let thrown: unknown;
  let threw = false;
  try {
    await fn();
  } catch (error) {
    thrown = error;
    threw = true;
  }
  if (!threw) throw new Error("Expected a ConfigurationError from the options check, but nothing was thrown.");
  if (!ConfigurationError.isInstance(thrown)) {
    throw new Error(
      `Expected a ConfigurationError from the options check, got ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}.`,
      { cause: thrown },
    );
  }
  return thrown;
}

/**
 * Checks that `fn` rejects the unknown option `key` with the message every Baton
 * options check gives: `<name>(): unknown option "<key>". Accepted options: <accepted>.`
 * Throws (failing the test) when it does not.
 */
export async function expectUnknownOptionRejected(name: string, key: string, accepted: readonly string[], fn: () => unknown): Promise<ConfigurationError> {
  const error = await optionsError(fn);
  const expected = `${name}(): unknown option "${key}". Accepted options: ${accepted.length > 0 ? accepted.join(", ") : "none"}.`;
  if (error.message !== expected) throw new Error(`Expected the message ${JSON.stringify(expected)}, got ${JSON.stringify(error.message)}.`);
  const details = error.details as { option?: unknown; function?: unknown } | undefined;
  if (details?.option !== key || details.function !== name) {
    throw new Error(`Expected details naming function ${name} and option ${key}, got ${JSON.stringify(details)}.`);
  }
  return error;
}
