import type { Storage } from "@baton/core";

/** How a child process reaches the trial's storage. */
export type ChildStorageDescription =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "redis"; readonly url: string; readonly keyPrefix: string; readonly commandTimeoutMs?: number }
  | { readonly kind: "postgres"; readonly connectionString: string; readonly schema: string; readonly queryTimeoutMs?: number };

/** Opens the storage a child is told to use. */
export declare function openChildStorage(description: ChildStorageDescription): Promise<Storage>;
