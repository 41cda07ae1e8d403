/** What a command reads and writes: the process's, or a test's. */
export interface CommandIo {
  /** Where output goes; its `isTTY` picks live progress or plain lines. */
  readonly stdout: NodeJS.WriteStream;
  /** Where errors go. */
  readonly stderr: NodeJS.WriteStream;
  /** Where API keys, base URLs, `BATON_STORAGE` and `NO_COLOR` are read. */
  readonly env: NodeJS.ProcessEnv;
  /** The folder relative paths (and the built-in file tools) start from. */
  readonly cwd: string;
}

/** The options every command that reads stored runs takes. */
export interface StorageOption {
  /** `--storage`: `sqlite:<path>`, `postgres://…`, `redis://…` (default `BATON_STORAGE`, then `.baton/runs.db`). */
  readonly storage?: string;
}

/** The `--storage` value, else `BATON_STORAGE`. */
export function storageValue(option: StorageOption, io: CommandIo): string | undefined {
  return option.storage ?? io.env.BATON_STORAGE;
}
