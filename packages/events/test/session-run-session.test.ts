import { describe, expect, it } from "vitest";
import { ConfigurationError, RunAbortedError, type RunResult } from "@baton/core";
import { ClientDisconnectedError, RunSessions, startRunSession } from "../src/index.js";
import { agentRun, collect, recorder, seqs, sleep, waitUntil, waitingTool } from "./support/sse-test-server.js";

describe("RunSession", () => {
  it("a session nobody attached to runs to the end, and a late client gets every event", async () => {
    const sink = recorder();
    const session = startRunSession({ id: "s1", disconnectGraceMs: 0, start: ({ signal, sink: hub }) => agentRun({ signal, sinks: [sink, hub] }) });
    expect(session.id).toBe("s1");
    expect(session.done).toBe(false);
    const result = await session.result;
    expect(result.stopReason).toBe("completed");
    expect(session.done).toBe(true);
    expect(session.hub.closed).toBe(true);
    expect(await collect(session.attach())).toEqual(sink.events);
    expect(seqs(await collect(session.attach({ lastEventId: 10 })))).toEqual(seqs(sink.events).slice(10));
  });

  it("holds a long run for its first client instead of evicting events nobody saw", async () => {
    const sink = recorder();
    const answer = Array.from({ length: 3000 }, (_, i) => `w${i} `);
    const session = startRunSession({
      replay: 200,
      disconnectGraceMs: 5000,
      start: ({ signal, sink: hub }) => agentRun({ signal, sinks: [sink, hub], turns: [{ text: answer }] }),
    });
    await sleep(50);
    expect(session.done).toBe(false); // held: the buffer would otherwise evict event 1
    expect(sink.events.length).toBeLessThanOrEqual(200);
    expect(sink.events.length).toBeGreaterThan(100);
    const events = await collect(session.attach());
    expect((await session.result).stopReason).toBe("completed");
    expect(seqs(events)).toEqual(seqs(sink.events));
    expect(seqs(events)[0]).toBe(1);
    expect(events.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("")).toBe(answer.join(""));
  });

  it("aborts a held run when no client attaches within the grace period", async () => {
    const answer = Array.from({ length: 500 }, (_, i) => `w${i} `);
    const session = startRunSession({
      replay: 50,
      disconnectGraceMs: 40,
      start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], turns: [{ text: answer }] }),
    });
    const result = await session.result;
    expect(result.stopReason).toBe("aborted");
    expect(result.text.length).toBeLessThan(answer.join("").length);
  });

  it("aborts the run after the grace period once its last client detached; the tool sees the abort", async () => {
    const { tool, seen } = waitingTool();
    const session = startRunSession({ disconnectGraceMs: 60, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool }) });
    const a = session.attach({ name: "tab-a" });
    const b = session.attach({ name: "tab-b" });
    expect(session.clients).toBe(2);
    await waitUntil(() => seen.startedAt !== undefined);
    a.close();
    await sleep(80);
    expect(seen.aborted).toBe(false); // one client is still there
    const detachedAt = performance.now();
    b.close();
    expect(session.clients).toBe(0);
    expect(seen.aborted).toBe(false); // the grace period starts
    const result = await session.result;
    expect(result.stopReason).toBe("aborted");
    expect(seen.aborted).toBe(true);
    expect((seen.abortedAt as number) - detachedAt).toBeGreaterThanOrEqual(55);
    expect(seen.reason).toBeInstanceOf(RunAbortedError);
    const cause = (seen.reason as RunAbortedError).cause;
    expect(cause).toBeInstanceOf(ClientDisconnectedError);
    expect(cause).toMatchObject({ code: "CLIENT_DISCONNECTED", sessionId: session.id, graceMs: 60 });
    expect((cause as Error).message).toBe(`Every client of run session "${session.id}" disconnected and none came back within 60 ms.`);
  });

  it("a client attaching again within the grace period keeps the run alive, without gap or duplicate", async () => {
    const { tool, seen, release } = waitingTool();
    const session = startRunSession({ disconnectGraceMs: 150, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool }) });
    const first = session.attach();
    await waitUntil(() => seen.startedAt !== undefined);
    const got = first.takeQueued();
    first.close();
    await sleep(10);
    const again = session.attach({ lastEventId: got[got.length - 1]?.seq ?? 0 });
    await sleep(250); // past the grace period: the timer was cancelled
    expect(seen.aborted).toBe(false);
    release();
    const rest = await collect(again);
    const result = await session.result;
    expect(result.stopReason).toBe("completed");
    const all = [...seqs(got), ...seqs(rest)];
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(rest[rest.length - 1]?.type).toBe("run-end");
  });

  it("does not abort when abortOnDisconnect is false, and abort() stops the run", async () => {
    const { tool, seen, release } = waitingTool();
    const session = startRunSession({ disconnectGraceMs: 0, abortOnDisconnect: false, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool }) });
    session.attach().close();
    await waitUntil(() => seen.startedAt !== undefined);
    await sleep(20);
    expect(seen.aborted).toBe(false);
    release();
    expect((await session.result).stopReason).toBe("completed");

    const second = waitingTool();
    const stopped = startRunSession({ start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool: second.tool }) });
    await waitUntil(() => second.seen.startedAt !== undefined);
    stopped.abort(new Error("user pressed stop"));
    expect((await stopped.result).stopReason).toBe("aborted");
    expect(((second.seen.reason as RunAbortedError).cause as Error).message).toBe("user pressed stop");
  });

  it("a start that fails rejects the result and closes the hub; bad options are rejected", async () => {
    const session = startRunSession({ start: () => Promise.reject(new Error("no provider")) });
    await expect(session.result).rejects.toThrow("no provider");
    expect(session.hub.closed).toBe(true);
    const throwing = startRunSession({
      start: () => {
        throw new Error("sync failure");
      },
    });
    await expect(throwing.result).rejects.toThrow("sync failure");
    expect(() => startRunSession({ start: undefined as never })).toThrow(ConfigurationError);
    expect(() => startRunSession({ start: () => Promise.resolve({} as RunResult), disconnectGraceMs: -1 })).toThrow(
      'startRunSession: "disconnectGraceMs" must be a number >= 0, got -1.',
    );
  });
});

describe("RunSessions", () => {
  it("registers sessions by id and drops finished ones after keepFinishedMs", async () => {
    const sessions = new RunSessions({ keepFinishedMs: 30 });
    const session = sessions.create({ id: "run-1", start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) });
    expect(sessions.get("run-1")).toBe(session);
    expect(sessions.size).toBe(1);
    expect(() => sessions.create({ id: "run-1", start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) })).toThrow(
      'RunSessions: a session with id "run-1" already exists.',
    );
    await session.result;
    expect(sessions.get("run-1")).toBe(session); // still there for late reconnects
    await sleep(60);
    expect(sessions.get("run-1")).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it("delete() forgets a session at once; values() lists them", async () => {
    const sessions = new RunSessions();
    const a = sessions.create({ start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) });
    const b = sessions.create({ start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) });
    expect(a.id).not.toBe(b.id);
    expect([...sessions.values()]).toEqual([a, b]);
    await Promise.all([a.result, b.result]);
    expect(sessions.delete(a.id)).toBe(true);
    expect(sessions.delete(a.id)).toBe(false);
    expect(sessions.get(a.id)).toBeUndefined();
    expect(sessions.get(b.id)).toBe(b);
    expect(() => new RunSessions({ keepFinishedMs: -5 })).toThrow(ConfigurationError);
  });
});
