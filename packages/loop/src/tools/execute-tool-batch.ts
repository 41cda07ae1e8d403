import { withOptionalParts } from "../optional/load-optional-parts.js";

/**
 * Runs `count` tool calls concurrently — truly in parallel, each call's events
 * reaching the consumer as they happen — with at most `concurrency` running at once
 * (calls start in order). Resolves when every call has ended (each records its own
 * outcome); returns nothing to wait for when every call ended synchronously.
 */
export function executeToolBatch(count: number, concurrency: number, run: (index: number) => void | Promise<void>): void | Promise<void> {
  if (count === 1) return run(0);
  if (concurrency >= count) {
    let pending: Promise<void>[] | undefined;
    for (let i = 0; i < count; i++) {
      const running = run(i);
      if (running) (pending ??= []).push(running);
    }
    return pending ? Promise.all(pending).then(done) : undefined;
  }
  // Fewer at once than there are calls (a concurrency limit): done by code loaded when first needed (the loop's optional parts).
  return withOptionalParts((parts) => parts.executeWithLimit(count, concurrency, run));
}

function done(): void {}
