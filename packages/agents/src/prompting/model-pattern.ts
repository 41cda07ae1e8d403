/** Escapes a string for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether a model id matches a pattern: the exact id, or a glob where `*` stands for
 * any run of characters (`gpt-4o*`, `*-mini`, `*`). Case-sensitive.
 *
 * @example modelMatches("gpt-4o-mini", "gpt-4o*") // true
 */
export function modelMatches(modelId: string, pattern: string): boolean {
  if (!pattern.includes("*")) return modelId === pattern;
  const source = pattern.split("*").map(escapeRegExp).join(".*");
  return new RegExp(`^${source}$`).test(modelId);
}
