import { describe, expect, it } from "vitest";
import { StorageCorruptionError } from "../errors/index.js";
import { checkConversationMessage, checkMessages, checkRunCheckpoint, parseStoredJson } from "./record-checks.js";

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StorageCorruptionError);
    return (error as StorageCorruptionError).message;
  }
  throw new Error("expected a StorageCorruptionError");
}

describe("stored record checks", () => {
  it("name the record and say what is wrong", () => {
    expect(reason(() => parseStoredJson("{oops", 'conversation "c" message 2'))).toMatch(
      /^Corrupt or foreign data in conversation "c" message 2: not valid JSON/,
    );
    expect(reason(() => parseStoredJson(null, "r"))).toBe("Corrupt or foreign data in r: expected JSON text, found null");
    expect(reason(() => checkConversationMessage({ conversationId: "c", seq: 1, createdAt: 1, role: "robot", parts: [] }, "m"))).toBe(
      'Corrupt or foreign data in m: unknown role "robot"',
    );
    expect(reason(() => checkConversationMessage({ conversationId: "c", seq: 1, createdAt: 1, role: "user", parts: [{ type: "banana" }] }, "m"))).toBe(
      'Corrupt or foreign data in m: part 0 has unknown type "banana"',
    );
    expect(reason(() => checkMessages([{ role: "tool", content: [{ type: "tool-result", toolName: "t" }] }], "cp"))).toBe(
      'Corrupt or foreign data in cp: field "toolCallId" is missing',
    );
    expect(reason(() => checkRunCheckpoint({ format: "baton.run-state", version: 99 }, "cp"))).toMatch(
      /^Corrupt or foreign data in cp: The run state was written by a newer Baton \(format version 99\)/,
    );
    expect(reason(() => checkRunCheckpoint({ hello: "world" }, "cp"))).toBe(
      'Corrupt or foreign data in cp: This is not a run state.\n  - format: expected "baton.run-state", got nothing',
    );
  });

  it("accept what Baton writes", () => {
    const message = {
      conversationId: "c",
      seq: 1,
      createdAt: 1,
      role: "assistant",
      parts: [
        { type: "text", text: "hi", toolCalls: [{ type: "tool-call", toolCallId: "a", toolName: "t", arguments: {} }] },
        { type: "tool-results", results: [] },
      ],
    };
    expect(checkConversationMessage(message, "m")).toBe(message);
  });
});
