/**
 * The forms a password may take in an error, for `redactError`: each string
 * among `candidates` as written, URL-encoded (`p@ss` → `p%40ss`) and URL-decoded
 * (`p%40ss` → `p@ss`), without duplicates. Empty strings and values that are not
 * strings (`undefined`, `null`, a function that returns a password) are left out.
 *
 * @example
 * passwordVariants("p%40ss-word", undefined, process.env.PGPASSWORD);
 * // ["p%40ss-word", "p%2540ss-word", "p@ss-word"] (and PGPASSWORD's forms when it is set)
 */
export function passwordVariants(...candidates: unknown[]): string[] {
  const variants = new Set<string>();
  for (const candidate of candidates) {
    if (typeof candidate !== "string" || candidate === "") continue;
    variants.add(candidate);
    for (const convert of [encodeURIComponent, decodeURIComponent]) {
      try {
        variants.add(convert(candidate));
      } catch {
        // A malformed `%` escape (decoding) or a lone surrogate (encoding): the password as written is there already.
      }
    }
  }
  return [...variants].filter((variant) => variant !== "");
}
