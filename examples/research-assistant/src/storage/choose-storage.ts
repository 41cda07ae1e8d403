import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Storage } from "@baton/sdk";
import { createPostgresStorage } from "@baton/storage-postgres";
import { createSqliteStorage } from "@baton/storage-sqlite";

/** The environment variables that choose the storage. */
export interface StorageEnvironment {
  /** A `postgres://` or `postgresql://` URL switches to PostgreSQL (takes precedence over `DATABASE_URL`). */
  readonly BATON_DATABASE_URL?: string;
  /** The same, under its common name. */
  readonly DATABASE_URL?: string;
}

/** The SQLite file used when no PostgreSQL URL is set: `examples/research-assistant/data/research-assistant.db` (from `src/` or `dist/`). */
export const DEFAULT_DATABASE_PATH = fileURLToPath(new URL("../../data/research-assistant.db", import.meta.url));

/** Options of {@link chooseStorage}. */
export interface ChooseStorageOptions {
  /** The SQLite file. Default {@link DEFAULT_DATABASE_PATH}. */
  readonly sqlitePath?: string;
  /** The PostgreSQL schema holding Baton's tables. Default `public`. */
  readonly postgresSchema?: string;
}

/** Where the conversations are stored. */
export interface ChosenStorage {
  readonly storage: Storage;
  readonly kind: "sqlite" | "postgres";
  /** For the terminal: the SQLite file, or the PostgreSQL URL with its password masked. */
  readonly location: string;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** The PostgreSQL URL the environment sets, if any (`BATON_DATABASE_URL` first, then `DATABASE_URL`). */
export function postgresUrlOf(env: StorageEnvironment): string | undefined {
  for (const value of [env.BATON_DATABASE_URL, env.DATABASE_URL]) {
    const url = value?.trim();
    if (url && POSTGRES_URL.test(url)) return url;
  }
  return undefined;
}

/** `postgres://user:***@host:5432/db`: the URL without its password (and unparseable URLs hidden altogether). */
export function maskConnectionString(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}

/**
 * The example's storage: PostgreSQL when `BATON_DATABASE_URL` or `DATABASE_URL` is a
 * `postgres://` / `postgresql://` URL (the schema is migrated on first use), else a
 * SQLite file under the example folder (its folder is created when missing). Close it
 * with `storage.close()`.
 */
export async function chooseStorage(env: StorageEnvironment, options: ChooseStorageOptions = {}): Promise<ChosenStorage> {
  const url = postgresUrlOf(env);
  if (url !== undefined) {
    const storage = await createPostgresStorage({ connectionString: url, ...(options.postgresSchema === undefined ? {} : { schema: options.postgresSchema }) });
    const schema = options.postgresSchema ?? "public";
    return { storage, kind: "postgres", location: `PostgreSQL ${maskConnectionString(url)} (schema ${schema})` };
  }
  const path = options.sqlitePath ?? DEFAULT_DATABASE_PATH;
  mkdirSync(dirname(path), { recursive: true });
  return { storage: createSqliteStorage({ path }), kind: "sqlite", location: path };
}
