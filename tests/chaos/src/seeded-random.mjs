// Seeds and the seeded random numbers every choice of a chaos trial is drawn from: the
// runs, their tools and durations, and the faults with their times. One seed gives
// one trial exactly; its last digit names the trial's fault kind, so `CHAOS_SEED=<n>`
// alone reruns it.

/** The fault kinds, each with the digit its seeds end with. */
export const FAULT_KINDS = Object.freeze({
  "memory-storage": 1,
  "sqlite-storage": 2,
  "redis-server": 3,
  "postgres-relay": 4,
  provider: 5,
  crash: 6,
  queue: 7,
});

/** The fault kind a trial seed belongs to (its last digit); undefined for a seed of no kind. */
export function kindOfSeed(seed) {
  const digit = Number(BigInt(seed) % 10n);
  return Object.keys(FAULT_KINDS).find((kind) => FAULT_KINDS[kind] === digit);
}

/**
 * The seeds of `count` trials of `kind`, from a base seed (the run's): each is a number
 * below 10^10 that ends with the kind's digit. The same base gives the same seeds.
 */
export function trialSeeds(kind, count, base) {
  const digit = FAULT_KINDS[kind];
  if (digit === undefined) throw new Error(`Unknown fault kind "${kind}".`);
  const random = seededRandom(hashSeed(base, digit));
  const seeds = [];
  const seen = new Set();
  while (seeds.length < count) {
    const seed = random.int(1, 999_999_999) * 10 + digit;
    if (seen.has(seed)) continue;
    seen.add(seed);
    seeds.push(seed);
  }
  return seeds;
}

/** A 32-bit seed from a number and a salt (so two uses of one seed draw apart). */
export function hashSeed(seed, salt = 0) {
  let h = (Number(BigInt(seed) % 4_294_967_296n) ^ Math.imul(salt + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A small seeded pseudo-random generator (mulberry32): `next()` in [0, 1), integers,
 * picks and coin flips. Everything of a trial is drawn from one, in a fixed order.
 */
export function seededRandom(seed) {
  let state = hashSeed(seed, 17);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    /** One of `items`. */
    pick: (items) => items[Math.floor(next() * items.length)],
    /** True with probability `p`. */
    chance: (p) => next() < p,
    /** A generator of its own, drawn from this one (so adding draws to one part does not shift another's). */
    fork: () => seededRandom(Math.floor(next() * 4_294_967_296)),
  };
}
