/** The fault kinds of the chaos suite. */
export type FaultKind = "memory-storage" | "sqlite-storage" | "redis-server" | "postgres-relay" | "provider" | "crash" | "queue";

/** The fault kinds, each with the digit its seeds end with. */
export declare const FAULT_KINDS: Readonly<Record<FaultKind, number>>;

/** The fault kind a trial seed belongs to (its last digit); undefined for a seed of no kind. */
export declare function kindOfSeed(seed: number): FaultKind | undefined;

/** The seeds of `count` trials of `kind` from a base seed: the same base gives the same seeds. */
export declare function trialSeeds(kind: FaultKind, count: number, base: number): number[];

/** A 32-bit seed from a number and a salt. */
export declare function hashSeed(seed: number, salt?: number): number;

/** A seeded pseudo-random generator (mulberry32). */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A generator of its own, drawn from this one. */
  fork(): SeededRandom;
}

/** A small seeded pseudo-random generator: everything of a trial is drawn from one. */
export declare function seededRandom(seed: number): SeededRandom;
