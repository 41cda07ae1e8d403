export { retryAfterMs } from "@baton/core";

/** Something that reads response headers: a `Headers` object (what the SDK gives). */
export interface HeaderReader {
  get(name: string): string | null;
}
