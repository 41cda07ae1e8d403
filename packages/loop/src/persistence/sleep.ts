/**
 * Resolves after `ms`. The timer keeps the process alive (unlike the run's clocks): a
 * run waiting for storage to come back is at work, and a script awaiting it must not
 * exit meanwhile.
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
