import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import { expect, it } from "vitest";
import { RedisRunEventLog } from "../src/index.js";
import { openRelayWriter } from "../src/relay/relay-writer.js";
import { useRelayOnRedis } from "./support/relay-on-redis.js";
import { describeWithRedis } from "./support/redis.js";
import { readRelayed, runEnd, textDelta } from "./support/relayed-events.js";

describeWithRedis("the event relay on Redis Streams", () => {
  const suite = useRelayOnRedis("relay");
  const { prefix } = suite;

  it("numbers a second attempt's events after the first's, ends the stream with the root run-end, and expires it after", async () => {
    const runId = randomUUID();
    const first = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    for (let seq = 1; seq <= 3; seq++) first.emit(textDelta(runId, seq));
    await first.flush();
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 3, firstSeq: 1, ended: false });
    // The first attempt's worker died; the second starts its own numbering at 1 again.
    const second = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    expect(second.base).toBe(3);
    second.emit(textDelta(runId, 1));
    second.emit(textDelta(runId, 2, "main/sub#1"));
    second.emit(runEnd(runId, 3));
    await second.flush();
    const events = await readRelayed(suite.log, runId);
    // The second attempt's blocks come after the first's: a client never mixes them.
    expect(events.map((event) => [event.seq, event.type, event.contentIndex])).toEqual([
      [1, "text-delta", 0],
      [2, "text-delta", 0],
      [3, "text-delta", 0],
      [4, "text-delta", 1],
      [5, "text-delta", 1],
      [6, "run-end", 1],
    ]);
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 6, firstSeq: 1, ended: true });
    const ttl = await suite.redis.pttl(`${prefix}:run:{${runId}}:events`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("a nested agent's run-end does not end the stream", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    writer.emit({ ...runEnd(runId, 1), agentPath: "main/researcher#1" } as StreamEvent);
    await writer.flush();
    expect((await suite.log.head(runId))?.ended).toBe(false);
  });

  it("keeps about maxLength events; reading after a trimmed one is REPLAY_UNAVAILABLE", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 10, expireAfterMs: 60_000 });
    for (let seq = 1; seq <= 500; seq++) writer.emit(textDelta(runId, seq));
    writer.emit(runEnd(runId, 501));
    await writer.flush();
    const head = (await suite.log.head(runId))!;
    expect(head.lastSeq).toBe(501);
    expect(head.firstSeq).toBeGreaterThan(1);
    expect(head.firstSeq).toBeLessThanOrEqual(501);
    await expect(readRelayed(suite.log, runId, 0)).rejects.toMatchObject({ code: "REPLAY_UNAVAILABLE" });
    const kept = await readRelayed(suite.log, runId, head.firstSeq - 1);
    expect(kept.map((event) => event.seq)).toEqual(Array.from({ length: 501 - head.firstSeq + 1 }, (_, i) => head.firstSeq + i));
  });

  it("asks the run to wait while too many events are not yet written, and releases it once they are", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000, highWaterMark: 10 });
    const returned = Array.from({ length: 10 }, (_, i) => writer.emit(textDelta(runId, i + 1)));
    expect(returned.slice(0, 9).every((value) => value === undefined)).toBe(true);
    expect(returned[9]).toBeInstanceOf(Promise);
    await returned[9];
    await writer.flush();
    expect(writer.backlog).toBe(0);
    expect((await suite.log.head(runId))?.lastSeq).toBe(10);
  });

  it("a writer whose run another attempt took over stops with RUN_CLAIM_LOST instead of writing out of order", async () => {
    const runId = randomUUID();
    const errors: unknown[] = [];
    const stale = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000, onError: (error) => errors.push(error) });
    const fresh = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    fresh.emit(textDelta(runId, 1));
    fresh.emit(textDelta(runId, 2));
    await fresh.flush();
    // The stale attempt's first event differs from what is there (another attempt's events differ at least by their time).
    stale.emit({ ...textDelta(runId, 1), timestamp: 2 } as StreamEvent);
    await stale.flush();
    expect(errors).toEqual([expect.objectContaining({ code: "RUN_CLAIM_LOST" })]);
    expect(stale.emit(textDelta(runId, 2))).toBeUndefined();
    fresh.emit(runEnd(runId, 3));
    await fresh.flush();
    expect((await readRelayed(suite.log, runId)).map((event) => (event as { text?: string }).text)).toEqual(["t1", "t2", ""]);
  });

  it("a reader that falls behind a trimming stream gets REPLAY_UNAVAILABLE instead of a silent gap", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 10, expireAfterMs: 60_000 });
    for (let seq = 1; seq <= 4; seq++) writer.emit(textDelta(runId, seq));
    await writer.flush();
    const slowLog = new RedisRunEventLog(suite.redis, { prefix, blockMs: 200, batchSize: 2 });
    const reading = slowLog.read(runId, 0, new AbortController().signal)[Symbol.asyncIterator]();
    const first = await reading.next();
    expect((first.value as StreamEvent[]).map((event) => event.seq)).toEqual([1, 2]);
    for (let seq = 5; seq <= 400; seq++) writer.emit(textDelta(runId, seq));
    await writer.flush();
    await expect(reading.next()).rejects.toMatchObject({ code: "REPLAY_UNAVAILABLE", details: { after: 2 } });
  });

  it("after a failed write whose batch Redis had applied (its reply lost), the retry skips what is there instead of giving up", async () => {
    const runId = randomUUID();
    const errors: unknown[] = [];
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000, onError: (error) => errors.push(error) });
    writer.emit(textDelta(runId, 1));
    await writer.flush();
    // Event 2 reached the stream, but the writer did not hear back (it counts a failure and writes again).
    const second = textDelta(runId, 2);
    await suite.redis.xadd(`${prefix}:run:{${runId}}:events`, "0-2", "e", JSON.stringify(second));
    (writer as unknown as { failures: number }).failures = 1;
    writer.emit(second);
    writer.emit(textDelta(runId, 3));
    writer.emit(runEnd(runId, 4));
    await writer.flush();
    expect(errors).toEqual([]);
    expect((await readRelayed(suite.log, runId)).map((event) => [event.seq, event.type])).toEqual([
      [1, "text-delta"],
      [2, "text-delta"],
      [3, "text-delta"],
      [4, "run-end"],
    ]);
    expect((await suite.log.head(runId))?.ended).toBe(true);
  });

  it("a reader waiting on the stream gets a batch of events in one read, and the root run-end does not wait for the batch delay", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000, batchDelayMs: 60_000 });
    writer.emit(textDelta(runId, 1));
    writer.emit(runEnd(runId, 2));
    // The run-end takes the waiting delta with it at once (the test would time out waiting a minute otherwise).
    await writer.flush();
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 2, firstSeq: 1, ended: true });

    const next = randomUUID();
    const batched = await openRelayWriter(suite.redis, next, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    batched.emit(textDelta(next, 1));
    await batched.flush();
    const reading = suite.log.read(next, 1, new AbortController().signal)[Symbol.asyncIterator]();
    const read = reading.next();
    // Let the reader block on the stream before the batch is written.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let seq = 2; seq <= 6; seq++) batched.emit(textDelta(next, seq));
    batched.emit(runEnd(next, 7));
    await batched.flush();
    // One batch, written in one command: the reader wakes once and gets all of it (not its first entry alone).
    expect(((await read).value as StreamEvent[]).map((event) => event.seq)).toEqual([2, 3, 4, 5, 6, 7]);
    expect((await reading.next()).done).toBe(true);
  });

  it("an end-of-stream batch whose run-end could not be appended does not mark the stream ended", async () => {
    const runId = randomUUID();
    const errors: unknown[] = [];
    const stale = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000, onError: (error) => errors.push(error) });
    const fresh = await openRelayWriter(suite.redis, runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    fresh.emit(textDelta(runId, 1));
    await fresh.flush();
    stale.emit({ ...runEnd(runId, 1), timestamp: 2 } as StreamEvent);
    await stale.flush();
    expect(errors).toEqual([expect.objectContaining({ code: "RUN_CLAIM_LOST" })]);
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 1, firstSeq: 1, ended: false });
  });

  it("knows nothing of a run never submitted", async () => {
    expect(await suite.log.head(randomUUID())).toBeUndefined();
    expect(await readRelayed(suite.log, randomUUID())).toEqual([]);
  });
});
