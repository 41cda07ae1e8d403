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
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const running = run(next++);
      if (running) await running;
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.max(1, concurrency); i++) workers.push(worker());
  return Promise.all(workers).then(done);
}

function done(): void {}
