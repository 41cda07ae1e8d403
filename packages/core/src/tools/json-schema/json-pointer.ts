/**
 * Resolves a local JSON Pointer reference (`#`, `#/definitions/Address`,
 * `#/properties/a/items`) against a document. Returns undefined when the pointer is
 * not local or leads nowhere.
 */
export function resolveLocalPointer(document: unknown, ref: string): unknown {
  if (ref === "#") return document;
  if (!ref.startsWith("#/")) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
