/** A share as a whole percentage (`0.625` → `63%`), `—` when there is none. */
export function percent(value: number | undefined): string {
  return value === undefined ? "—" : `${Math.round(value * 100)}%`;
}
