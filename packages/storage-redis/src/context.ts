import type { KeyLayout } from "./keys.js";
import type { ScriptedClient } from "./scripted-client.js";

/** What every domain's operations work with: the client and the key layout. */
export interface RedisContext {
  readonly client: ScriptedClient;
  readonly keys: KeyLayout;
}

/** A JSON object read from storage. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
