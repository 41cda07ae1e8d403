/**
 * Polls `check` every `intervalMs` until it returns something other than `undefined`
 * or `false`, and returns that value; rejects naming `what` after `timeoutMs`. For
 * tests that wait on other processes or services, which cannot signal them.
 *
 * @example
 * await waitFor("the worker's first side effect", async () => (await redis.hlen("effects")) > 0);
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
