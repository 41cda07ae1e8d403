import { describe, expect, it } from "vitest";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { createMemoryStorage, MemoryDatabase, MEMORY_STORAGE_OPTION_RULES, MemoryStorage, type MemoryStorageOptions } from "../src/index.js";

const bad = (options: unknown): MemoryStorageOptions => options as MemoryStorageOptions;

describe("createMemoryStorage checks its options", () => {
  it("lists every key of MemoryStorageOptions as accepted", () => {
    expect(Object.keys(MEMORY_STORAGE_OPTION_RULES)).toEqual(["database"]);
  });

  it("rejects an unknown key, naming the accepted ones", async () => {
    await expectUnknownOptionRejected("createMemoryStorage", "db", ["database"], () => createMemoryStorage(bad({ db: new MemoryDatabase() })));
    await expectUnknownOptionRejected("new MemoryStorage", "path", ["database"], () => new MemoryStorage(bad({ path: "x" })));
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createMemoryStorage(bad({ database: {} })));
    expect(error.message).toBe('createMemoryStorage(): option "database" must be a MemoryDatabase, got an object. Accepted options: database.');
  });

  it("accepts valid options", () => {
    const database = new MemoryDatabase();
    expect(createMemoryStorage({ database }).database).toBe(database);
    expect(createMemoryStorage().database).toBeInstanceOf(MemoryDatabase);
    expect(createMemoryStorage({ database: undefined }).database).toBeInstanceOf(MemoryDatabase);
  });
});
