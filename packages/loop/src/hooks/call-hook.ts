import { HookError, isBatonError, isPromiseLike, type BatonError } from "@baton/core";

function wrap(name: string, error: unknown): BatonError {
  return isBatonError(error) ? error : new HookError(name, error);
}

/**
 * Calls an agent hook, turning what it throws (or rejects with) into a
 * {@link HookError} naming the hook (a `BatonError` keeps its code). A synchronous
 * hook's value is returned as is, so the loop awaits only hooks that really are
 * asynchronous.
 */
export function callHook<T>(name: string, hook: () => T | PromiseLike<T>): T | Promise<T> {
  let value: T | PromiseLike<T>;
  try {
    value = hook();
  } catch (error) {
    throw wrap(name, error);
  }
  if (!isPromiseLike(value)) return value;
  return Promise.resolve(value).catch((error: unknown) => {
    throw wrap(name, error);
  });
}
