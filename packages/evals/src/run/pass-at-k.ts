/**
 * pass@k: the chance that at least one of `k` attempts drawn from `attempts` (of which
 * `passed` passed) passes, the unbiased estimate `1 − C(n−c, k) / C(n, k)`. With
 * `k = attempts` it is 1 when any attempt passed, else 0.
 */
export function passAtK(attempts: number, passed: number, k: number): number {
  if (k < 1 || k > attempts) throw new RangeError(`pass@k needs 1 ≤ k ≤ attempts (k = ${k}, attempts = ${attempts}).`);
  if (attempts - passed < k) return 1;
  let allFail = 1;
  for (let i = attempts - passed + 1; i <= attempts; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}
