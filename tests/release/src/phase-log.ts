/**
 * A log of when each step of the release test ended, in seconds since the log was
 * made: `release test: published at 32.8 s`. The suite prints it (Vitest shows a
 * test file's console output), so a slow run says which step took the time.
 */
export type PhaseLog = (step: string) => void;

/** Starts a {@link PhaseLog} now; `write` prints each line (default `console.info`). */
export function startPhaseLog(write: (line: string) => void = (line) => console.info(line)): PhaseLog {
  const start = performance.now();
  return (step) => write(`release test: ${step} at ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
