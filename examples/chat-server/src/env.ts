/**
 * The number in env `name`, or `fallback` when it is unset or blank. Anything else
 * than a finite number >= 0 ends the process with code 2 and a message.
 */
export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a number >= 0, got ${JSON.stringify(raw)}.`);
    process.exit(2);
  }
  return value;
}
