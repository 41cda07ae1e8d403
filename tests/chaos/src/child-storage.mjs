// How a child process (a crash trial's runner, a queue worker) opens the trial's
// storage from a plain description: `{ kind: "sqlite", path }` or
// `{ kind: "redis", url, keyPrefix }` or `{ kind: "postgres", connectionString, schema }`.

/** Opens the storage a child is told to use. */
export async function openChildStorage(description) {
  switch (description.kind) {
    case "sqlite": {
      const { createSqliteStorage } = await import("@baton/storage-sqlite");
      return createSqliteStorage({ path: description.path });
    }
    case "redis": {
      const { createRedisStorage } = await import("@baton/storage-redis");
      return createRedisStorage({
        url: description.url,
        keyPrefix: description.keyPrefix,
        commandTimeoutMs: description.commandTimeoutMs ?? 500,
        connectTimeoutMs: 500,
      });
    }
    case "postgres": {
      const { createPostgresStorage } = await import("@baton/storage-postgres");
      return createPostgresStorage({
        connectionString: description.connectionString,
        schema: description.schema,
        max: 4,
        queryTimeoutMs: description.queryTimeoutMs ?? 1_000,
        connectionTimeoutMs: 1_000,
      });
    }
    default:
      throw new Error(`Unknown storage kind ${description.kind}`);
  }
}
