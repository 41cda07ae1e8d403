import { ERROR_CODES, isBatonError, type Interruption, type Storage, type StopReason } from "@baton/core";
import type { ProviderKind } from "../provider/provider-choice.js";

/**
 * What the command remembers of a run it started, so `baton resume` can rebuild the
 * same agent and `baton runs` can list it. No secrets: the API key comes from the
 * environment each time.
 */
export interface RunRecord {
  /** The run's id in the storage. */
  readonly runId: string;
  /** The template as it was read (the agent is rebuilt from it, even when the file changed since). */
  readonly template: unknown;
  /** The template file, as given. */
  readonly templatePath: string;
  /** What the run was asked. */
  readonly question: string;
  /** The provider it ran on (its key and base URL come from the environment again on resume). */
  readonly provider: ProviderKind;
  /** Sub-agent templates given with `--agent`, as read. */
  readonly agents?: readonly { readonly template: unknown; readonly path: string }[];
  /** Tool modules loaded with `--tools`, as absolute paths. */
  readonly toolModules: readonly string[];
  /** Tools whose calls wait for `--approve` / `--reject` (`--require-approval`). */
  readonly requireApproval: readonly string[];
  /** The stored conversation of the run (its question and answer). */
  readonly conversationId: string;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  /** How the last run or resume of it ended, as far as this command saw. */
  readonly lastStopReason?: StopReason;
  /** What it waits for, when it paused. */
  readonly interruptions?: readonly Interruption[];
}

/** The session-state key of the list of run ids the command started. */
export const RUN_INDEX_KEY = "baton-cli:runs";

/** The session-state key of one run's {@link RunRecord}. */
export function runRecordKey(runId: string): string {
  return `baton-cli:run:${runId}`;
}

function isRunRecord(value: unknown): value is RunRecord {
  return typeof value === "object" && value !== null && typeof (value as RunRecord).runId === "string" && typeof (value as RunRecord).templatePath === "string";
}

/**
 * The command's own index of runs, kept in the storage's session state (a part of the
 * `Storage` contract every adapter implements): the contract has no "list runs", and
 * this needs no change to any adapter. Runs started by other programs are not in it
 * (`baton show <id>` still reads them from their checkpoint).
 */
export class RunRecords {
  constructor(private readonly storage: Storage) {}

  /** Saves a new run's record and adds it to the index (optimistic concurrency, retried on conflict). */
  async add(record: RunRecord): Promise<void> {
    await this.storage.saveSessionState(runRecordKey(record.runId), record);
    for (let attempt = 0; ; attempt++) {
      const current = await this.storage.loadSessionState(RUN_INDEX_KEY);
      const ids = Array.isArray(current?.value) ? (current.value as string[]) : [];
      try {
        await this.storage.saveSessionState(RUN_INDEX_KEY, [...ids, record.runId], { expectedVersion: current?.version ?? 0 });
        return;
      } catch (error) {
        if (!isBatonError(error, ERROR_CODES.STORAGE_CONFLICT) || attempt >= 9) throw error;
      }
    }
  }

  /** Updates a run's record (how it ended, what it waits for). */
  async update(runId: string, change: Partial<Pick<RunRecord, "lastStopReason" | "interruptions">>): Promise<void> {
    const record = await this.get(runId);
    if (record === undefined) return;
    const { interruptions: _dropped, ...rest } = record;
    await this.storage.saveSessionState(runRecordKey(runId), { ...rest, ...change });
  }

  /** A run's record, when this command started it. */
  async get(runId: string): Promise<RunRecord | undefined> {
    const stored = await this.storage.loadSessionState(runRecordKey(runId));
    return isRunRecord(stored?.value) ? stored.value : undefined;
  }

  /** Every run's record, oldest first. */
  async list(): Promise<RunRecord[]> {
    const index = await this.storage.loadSessionState(RUN_INDEX_KEY);
    const ids = Array.isArray(index?.value) ? (index.value as string[]) : [];
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records.filter((record): record is RunRecord => record !== undefined);
  }
}
