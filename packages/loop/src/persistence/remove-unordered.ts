/**
 * Removes `item` (its last occurrence) from `array`, whose order does not matter: the
 * last item takes its place, so nothing is shifted and no array is made (as `splice`
 * would). Nothing happens when `item` is not there.
 */
export function removeUnordered<T>(array: T[], item: T): void {
  const at = array.lastIndexOf(item);
  if (at < 0) return;
  const last = array.pop()!;
  if (at < array.length) array[at] = last;
}
