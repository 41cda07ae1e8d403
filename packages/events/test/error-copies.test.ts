import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunNotFoundError } from "../src/index.js";
import { clientErrorAnswer } from "../src/sse/error-response.js";

/**
 * An app can hold two copies of `@baton/events` (two versions installed, say one
 * under a storage adapter's event log): an event source of the other copy throws that
 * copy's `RunNotFoundError`, `ReplayUnavailableError` or `InvalidLastEventIdError`. The
 * SSE answers still recognise them, because they test the kind with the classes'
 * registered-symbol markers (`X.isInstance`), not with `instanceof`. The other copy is
 * the built package copied into another `node_modules`, as a second install would be.
 */
type Events = typeof import("../src/index.js");
let folder: string;
let other: Events;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "baton-events-copy-"));
  const installed = join(folder, "node_modules", "@baton", "events");
  cpSync(new URL("../dist", import.meta.url), join(installed, "dist"), { recursive: true, filter: (source) => !source.endsWith(".map") });
  writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "@baton/events", type: "module" }));
  // Its own dependencies (`@baton/core`, `eventsource-parser`) resolve to this package's.
  symlinkSync(fileURLToPath(new URL("../node_modules", import.meta.url)), join(installed, "node_modules"), "dir");
  other = (await import(pathToFileURL(join(installed, "dist", "index.js")).href)) as Events;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("errors of another copy of @baton/events in the SSE answers", () => {
  it("come from classes that are not this copy's (the premise of the test below)", () => {
    expect(other.RunNotFoundError).not.toBe(RunNotFoundError);
    expect(new other.RunNotFoundError("r1") instanceof RunNotFoundError).toBe(false);
  });

  it("answer 404, 410 and 400 with the error's code, as this copy's errors do", () => {
    const answers = [new other.RunNotFoundError("r1"), new other.ReplayUnavailableError(3, 10, 9), new other.InvalidLastEventIdError("abc")].map((error) => {
      const answer = clientErrorAnswer(error);
      return [answer?.status, (JSON.parse(answer?.body ?? "{}") as { error?: { code?: string } }).error?.code];
    });
    expect(answers).toEqual([
      [404, "RUN_NOT_FOUND"],
      [410, "REPLAY_UNAVAILABLE"],
      [400, "INVALID_LAST_EVENT_ID"],
    ]);
    expect(clientErrorAnswer(new Error("plain"))).toBeUndefined();
  });
});
