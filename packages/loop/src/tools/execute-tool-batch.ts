/**
 * Runs `count` tool calls concurrently — truly in parallel, each call's events
 * reaching the consumer as they happen — with at most `concurrency` running at once
 * (calls start in order). Resolves when every call has ended (each records its own
 * outcome).
 */
export function executeToolBatch(count: number, concurrency: number, run: (index: number) => Promise<void>): Promise<void> {
  if (count === 1) return run(0);
  if (concurrency >= count) {
    const all = new Array<Promise<void>>(count);
    for (let i = 0; i < count; i++) all[i] = run(i);
    return Promise.all(all).then(done);
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await run(next++);
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.max(1, concurrency); i++) workers.push(worker());
  return Promise.all(workers).then(done);
}

function done(): void {}
