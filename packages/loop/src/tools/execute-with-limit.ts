/** Runs `count` calls with at most `concurrency` at once, in order (see executeToolBatch). */
export function executeWithLimit(count: number, concurrency: number, run: (index: number) => void | Promise<void>): Promise<void> {
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
