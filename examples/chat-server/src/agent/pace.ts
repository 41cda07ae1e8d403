import { abortableDelay } from "@baton/sdk";

/**
 * How fast the scripted run plays: every delay of the script is multiplied by
 * `speed` (1 = watchable, about 3 s a run; 0 = no delays, for quick tests).
 */
export interface Pace {
  /** The multiplier applied to every scripted delay. */
  readonly speed: number;
  /** `base` milliseconds at this pace, rounded. */
  ms(base: number): number;
  /** Waits `base` milliseconds at this pace; rejects with the signal's reason when it aborts. */
  sleep(base: number, signal?: AbortSignal): Promise<void>;
}

/** Builds a {@link Pace}; a negative or non-finite speed is a mistake and throws. */
export function createPace(speed = 1): Pace {
  if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`The pace's speed must be a number >= 0, got ${speed}.`);
  const ms = (base: number) => Math.round(base * speed);
  return {
    speed,
    ms,
    sleep: (base, signal) => abortableDelay(ms(base), signal, (reason) => reason),
  };
}
