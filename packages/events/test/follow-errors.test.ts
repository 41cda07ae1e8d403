import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@baton/core";
import { InvalidLastEventIdError, RunEventFollower, RunNotFoundError, ReplayUnavailableError, decodeSseEvents, sseResponse } from "../src/index.js";
import { MemoryRunEventLog } from "./support/memory-run-event-log.js";
import { connect, errorAnswer, range, useFollowNodes } from "./support/follow-server.js";
import { collect, seqs, waitUntil } from "./support/sse-test-server.js";

const { node, keep } = useFollowNodes();

describe("attaching to a followed run: errors answered over SSE", () => {
  it("answers 400 for a Last-Event-ID ahead of the log, 404 for an unknown run", async () => {
    const log = new MemoryRunEventLog();
    const server = await node(new RunEventFollower(log));
    log.append("r", 3);

    expect(await errorAnswer(server, "r", 4)).toEqual({ status: 400, code: "INVALID_LAST_EVENT_ID", details: { value: "4", lastSeq: 3 } });
    expect(await errorAnswer(server, "nobody")).toEqual({ status: 404, code: "RUN_NOT_FOUND", details: { runId: "nobody" } });
    expect(log.reads).toHaveLength(0); // nothing is read for a refused client
    const fine = await connect(server, "r", 3);
    expect(fine.status).toBe(200);
    log.end("r");
    expect(seqs(await fine.rest())).toEqual([4]);
  });

  it("answers 410 behind a trimmed log, and serves what is still kept", async () => {
    const log = new MemoryRunEventLog();
    const server = await node(new RunEventFollower(log));
    log.append("r", 10);
    log.end("r"); // 11
    log.trim("r", 5); // 1…5 are gone

    const gone = await errorAnswer(server, "r", 2);
    expect(gone.status).toBe(410);
    expect(gone.code).toBe("REPLAY_UNAVAILABLE");
    expect(gone.details).toMatchObject({ after: 2, replayableAfter: 5 });

    expect(seqs(await (await connect(server, "r", 5)).rest())).toEqual(range(6, 11));
    expect(seqs(await (await connect(server, "r", 9)).rest())).toEqual([10, 11]);
    expect(seqs(await (await connect(server, "r")).rest())).toEqual(range(6, 11));
    expect(log.reads.map((read) => read.after)).toEqual([5]); // one feed, from the log's oldest event
  });

  it("answers 410 when this node's memory no longer keeps the events after Last-Event-ID", async () => {
    const log = new MemoryRunEventLog();
    const server = await node(new RunEventFollower(log, { replay: 3 }));
    log.append("r", 8);
    log.end("r"); // 9
    expect(seqs(await (await connect(server, "r")).rest())).toEqual(range(1, 9)); // a live client gets everything

    const gone = await errorAnswer(server, "r", 4);
    expect(gone).toMatchObject({ status: 410, code: "REPLAY_UNAVAILABLE" });
    expect(seqs(await (await connect(server, "r", 6)).rest())).toEqual([7, 8, 9]);
  });

  it("sseResponse answers a followed run too: 200 with the events, 404, 410", async () => {
    const log = new MemoryRunEventLog();
    const follower = keep(new RunEventFollower(log));
    log.append("r", 4);
    log.end("r");
    log.trim("r", 1);

    const ok = await sseResponse(follower.run("r"), { request: new Request("http://x/events", { headers: { "Last-Event-ID": "2" } }), heartbeatMs: 0 });
    expect(ok.status).toBe(200);
    expect(seqs(await collect(decodeSseEvents(ok.body as ReadableStream<Uint8Array>)))).toEqual([3, 4, 5]);
    const missing = await sseResponse(follower.run("other"));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("RUN_NOT_FOUND");
    const gone = await sseResponse(follower.run("r"), { request: new Request("http://x/events?lastEventId=0") });
    expect(gone.status).toBe(410);
  });

  it("attach throws the typed errors", async () => {
    const log = new MemoryRunEventLog();
    const follower = keep(new RunEventFollower(log));
    log.append("r", 2);
    await expect(follower.attach("none")).rejects.toBeInstanceOf(RunNotFoundError);
    await expect(follower.attach("r", { lastEventId: 3 })).rejects.toBeInstanceOf(InvalidLastEventIdError);
    log.trim("r", 1);
    await expect(follower.attach("r", { lastEventId: 0 })).rejects.toBeInstanceOf(ReplayUnavailableError);
    expect(() => new RunEventFollower(log, { idleMs: -1 })).toThrow(ConfigurationError);
    expect(() => new RunEventFollower(log, { bogus: 1 } as never)).toThrow(ConfigurationError);
  });
});

describe("the life of a followed run", () => {
  it("stops the feed of a run nobody watches after idleMs, and starts it again for the next client", async () => {
    const log = new MemoryRunEventLog();
    const follower = new RunEventFollower(log, { idleMs: 10 });
    const server = await node(follower);
    log.append("r", 3);

    const first = await connect(server, "r");
    expect(seqs(await first.take(3))).toEqual([1, 2, 3]);
    await first.leave();
    await waitUntil(() => log.reads[0]?.signal.aborted === true, "the idle feed to stop");
    expect(follower.size).toBe(0);

    log.append("r", 2);
    const second = await connect(server, "r", 3);
    log.end("r");
    expect(seqs(await second.rest())).toEqual([4, 5, 6]);
    expect(log.reads.map((read) => [read.after, read.signal.aborted])).toEqual([
      [0, true],
      [0, false],
    ]);
  });

  it("drops an ended run after keepFinishedMs; a later client reads the log afresh", async () => {
    const log = new MemoryRunEventLog();
    const follower = new RunEventFollower(log, { keepFinishedMs: 10 });
    const server = await node(follower);
    log.append("r", 2);
    log.end("r");
    expect(seqs(await (await connect(server, "r")).rest())).toEqual([1, 2, 3]);
    await waitUntil(() => follower.size === 0, "the ended run to be dropped");
    expect(seqs(await (await connect(server, "r", 1)).rest())).toEqual([2, 3]);
    expect(log.reads).toHaveLength(2);
  });

  it("follows a run again when it was resumed after its stream ended", async () => {
    const log = new MemoryRunEventLog();
    const server = await node(new RunEventFollower(log));
    log.append("r", 2);
    log.end("r"); // 3
    expect(seqs(await (await connect(server, "r")).rest())).toEqual([1, 2, 3]);

    log.append("r", 2); // resumed by another worker: 4, 5
    log.end("r"); // 6
    expect(seqs(await (await connect(server, "r", 3)).rest())).toEqual([4, 5, 6]);
    expect(log.reads.map((read) => read.after)).toEqual([0, 0]);
  });

  it("a client that has every event kept gets an empty stream, also when the log kept none", async () => {
    const log = new MemoryRunEventLog();
    const server = await node(new RunEventFollower(log));
    log.append("r", 3);
    log.end("r"); // 4
    log.trim("r", 4); // nothing kept: firstSeq 5
    const upToDate = await connect(server, "r", 4);
    expect(upToDate.status).toBe(200);
    expect(await upToDate.rest()).toEqual([]);
    expect(await (await connect(server, "r")).rest()).toEqual([]);
    expect((await errorAnswer(server, "r", 3)).status).toBe(410);
  });

  it("a read that fails breaks the streams of the run's clients, and the run is dropped", async () => {
    const log = new MemoryRunEventLog();
    const failures: [string, string][] = [];
    const follower = new RunEventFollower(log, { onError: (error, runId) => failures.push([runId, (error as Error).message]) });
    const server = await node(follower);
    log.append("r", 2);

    const clients = [await connect(server, "r"), await connect(server, "r")];
    for (const client of clients) expect(seqs(await client.take(2))).toEqual([1, 2]);
    log.fail("r", new Error("redis went away"));

    for (const client of clients) await expect(client.rest()).rejects.toThrow();
    expect(failures).toEqual([["r", "redis went away"]]);
    expect(follower.size).toBe(0);
    await waitUntil(() => server.errors.length === 2, "both sendSse calls to reject");
    expect(server.errors.map((error) => (error as Error).message)).toEqual(["redis went away", "redis went away"]);
    expect(log.reads).toHaveLength(1);
  });

  it("a client whose stream broke on a failed read reconnects with Last-Event-ID once the log answers, and gets the rest once, in order", async () => {
    const log = new MemoryRunEventLog();
    const follower = new RunEventFollower(log);
    const server = await node(follower);
    log.append("r", 3);
    const client = await connect(server, "r");
    expect(seqs(await client.take(3))).toEqual([1, 2, 3]);
    log.fail("r", new Error("redis did not answer in time"));
    await expect(client.rest()).rejects.toThrow();
    log.recover("r");
    log.append("r", 2);
    log.end("r");

    const again = await connect(server, "r", 3);
    expect(again.status).toBe(200);
    const rest = await again.rest();
    expect(seqs(rest)).toEqual([4, 5, 6]);
    expect(rest.at(-1)?.type).toBe("run-end");
    // The failed feed was dropped; the reconnect started a new one, from the start of what the log keeps
    // (this node's replay serves its other clients too), and the client got only what came after its id.
    expect(log.reads.map((read) => read.after)).toEqual([0, 0]);
    expect(log.reads[0]!.signal.aborted).toBe(true);
  });

  it("close() breaks attached readers, stops the feeds and refuses later attaches", async () => {
    const log = new MemoryRunEventLog();
    const follower = new RunEventFollower(log);
    log.append("r", 1);
    const reader = await follower.attach("r");
    expect((await reader.next()).value?.seq).toBe(1);
    const pending = reader.next();
    follower.close();
    await expect(pending).rejects.toThrow("closed");
    expect(log.reads[0]?.signal.aborted).toBe(true);
    expect(follower.size).toBe(0);
    await expect(follower.attach("r")).rejects.toBeInstanceOf(ConfigurationError);
  });
});
