import { describe, expect, it } from "vitest";
import { RunEventFollower, followRunEvents } from "../src/index.js";
import { LaggingLog, MemoryRunEventLog } from "./support/memory-run-event-log.js";
import { connect, errorAnswer, range, useFollowNodes } from "./support/follow-server.js";
import { seqs, sleep, waitUntil } from "./support/sse-test-server.js";

const { node } = useFollowNodes();

describe("following a run that executes elsewhere, on two API nodes", () => {
  it("a client reads part of a run on node A, reconnects to node B with Last-Event-ID and gets the rest once, in order, until the end", async () => {
    const log = new MemoryRunEventLog();
    const nodeA = await node(followRunEvents(log));
    const nodeB = await node(followRunEvents(log));
    log.append("run-1", 5);

    const onA = await connect(nodeA, "run-1");
    expect(onA.status).toBe(200);
    const before = await onA.take(3);
    await onA.leave();
    expect(seqs(before)).toEqual([1, 2, 3]);

    const onB = await connect(nodeB, "run-1", 3);
    expect(onB.status).toBe(200);
    const replayed = await onB.take(2); // events 4 and 5 were written before the reconnect
    log.append("run-1", 4); // the worker goes on: 6…9
    const endSeq = log.end("run-1"); // 10
    const after = [...replayed, ...(await onB.rest())];

    expect(endSeq).toBe(10);
    expect(seqs(after)).toEqual(range(4, 10));
    expect(seqs([...before, ...after])).toEqual(range(1, 10));
    expect(after.at(-1)?.type).toBe("run-end");
    expect(after.filter((event) => event.type === "text-delta").map((event) => (event as { text: string }).text)).toEqual(range(4, 9).map((seq) => `t${seq} `));
    // One read per node, each from the start of the log.
    expect(log.reads.map((read) => [read.runId, read.after])).toEqual([
      ["run-1", 0],
      ["run-1", 0],
    ]);
  });

  it("100 clients of one run on one node share one read of the log", async () => {
    const log = new MemoryRunEventLog();
    const follower = new RunEventFollower(log);
    const server = await node(follower);
    log.append("busy", 3);

    const clients = await Promise.all(Array.from({ length: 100 }, () => connect(server, "busy")));
    expect(clients.map((client) => client.status)).toEqual(Array.from({ length: 100 }, () => 200));
    log.append("busy", 3);
    log.end("busy");
    const received = await Promise.all(clients.map((client) => client.rest()));

    expect(received.map((events) => seqs(events))).toEqual(Array.from({ length: 100 }, () => range(1, 7)));
    expect(log.reads).toHaveLength(1);
    expect(log.headCalls).toBe(100);
    expect(follower.size).toBe(1);
  });

  it("a node whose feed lags the log makes a reconnecting client wait instead of refusing its Last-Event-ID", async () => {
    const log = new MemoryRunEventLog();
    const lagging = new LaggingLog(log);
    const nodeB = await node(new RunEventFollower(lagging));
    log.append("lag", 3);
    const first = await connect(nodeB, "lag");
    expect(seqs(await first.take(3))).toEqual([1, 2, 3]);

    lagging.paused = true; // node B's feed holds back what follows
    log.append("lag", 3); // 4…6: in the log, not yet on node B

    // Ahead of the log itself: refused at once, even while node B lags.
    expect(await errorAnswer(nodeB, "lag", 7)).toEqual({ status: 400, code: "INVALID_LAST_EVENT_ID", details: { value: "7", lastSeq: 6 } });

    let answered = false;
    const resuming = connect(nodeB, "lag", 5).then((client) => {
      answered = true;
      return client;
    });
    await waitUntil(() => nodeB.requests.length === 3, "node B to receive the reconnect");
    await sleep(30);
    expect(answered).toBe(false); // waiting for node B's feed to reach event 5

    lagging.resume();
    const client = await resuming;
    expect(client.status).toBe(200);
    log.end("lag");
    expect(seqs(await client.rest())).toEqual([6, 7]);
    expect(seqs(await first.rest())).toEqual([4, 5, 6, 7]);
    expect(log.reads).toHaveLength(1);
  });
});
