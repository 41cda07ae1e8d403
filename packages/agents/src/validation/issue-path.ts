/**
 * A zod issue path as people write it: `steps[1].conditions[0].type`; empty for the
 * root. Shared by every validator of this package, so all name fields alike.
 */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text.length === 0 ? String(key) : `.${String(key)}`;
  }
  return text;
}
