import { describe, expect, it } from "vitest";
import { createMemoryStorage, MemoryDatabase, MemoryStorage } from "../src/index.js";

describe("the deprecated MemoryStorage constructor", () => {
  it("still makes a storage (with `new`) on the database given, like createMemoryStorage", async () => {
    const database = new MemoryDatabase();
    const old = new MemoryStorage({ database });
    const current = createMemoryStorage({ database });
    await old.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
    expect(old.database).toBe(database);
    expect((await current.loadMessages("c1")).map((message) => [message.seq, message.role])).toEqual([[1, "user"]]);
    expect(Object.keys(old).sort()).toEqual(Object.keys(current).sort());
  });
});
