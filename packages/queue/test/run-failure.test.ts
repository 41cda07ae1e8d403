import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import { Redis } from "ioredis";
import { expect, it } from "vitest";
import { RunJobFailedError } from "../src/index.js";
import { entryId, runRelayKeys } from "../src/relay/relay-keys.js";
import { openRelayWriter } from "../src/relay/relay-writer.js";
import { appendRunFailure } from "../src/relay/run-failure.js";
import { useRelayOnRedis } from "./support/relay-on-redis.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";
import { readRelayed, textDelta } from "./support/relayed-events.js";

const relay = { maxLength: 1000, expireAfterMs: 60_000 };

describeWithRedis("the end of a run whose job failed for good", () => {
  const suite = useRelayOnRedis("failure");
  const { prefix } = suite;

  it("appends an error and a root run-end after the run's last event, in a new content block, and ends the stream with its expiry", async () => {
    const runId = randomUUID();
    const writer = await openRelayWriter(suite.redis, runId, { prefix, ...relay });
    writer.emit(textDelta(runId, 1, "main", 0));
    writer.emit(textDelta(runId, 2, "main/researcher#1", 2));
    await writer.flush();
    await appendRunFailure(suite.redis, prefix, runId, new RunJobFailedError(runId, "the worker crashed too often"), relay);

    const events = await readRelayed(suite.log, runId);
    expect(events.map((event) => [event.seq, event.type, event.agentPath, event.contentIndex])).toEqual([
      [1, "text-delta", "main", 0],
      [2, "text-delta", "main/researcher#1", 2],
      [3, "error", "main", 3],
      [4, "run-end", "main", 3],
    ]);
    const end = events[3] as Extract<StreamEvent, { type: "run-end" }>;
    expect(end.stopReason).toBe("error");
    expect(end.error?.code).toBe("RUN_JOB_FAILED");
    expect((events[2] as Extract<StreamEvent, { type: "error" }>).error.message).toBe(`Run "${runId}" failed in the queue: the worker crashed too often`);
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 4, firstSeq: 1, ended: true });
    for (const key of Object.values(runRelayKeys(prefix, runId))) {
      const ttl = await suite.redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(relay.expireAfterMs);
    }
  });

  it("ends the stream of a run that wrote no event with seq 1 and 2 under `main`", async () => {
    const runId = randomUUID();
    await appendRunFailure(suite.redis, prefix, runId, new RunJobFailedError(runId, "bad job"), relay);
    const events = await readRelayed(suite.log, runId);
    expect(events.map((event) => [event.seq, event.type, event.agentPath, event.contentIndex])).toEqual([
      [1, "error", "main", 0],
      [2, "run-end", "main", 0],
    ]);
  });

  /**
   * A client whose reads of the stream's position are each followed by `times` events
   * another writer appends (an attempt of the run still running elsewhere), before the
   * failure is appended.
   */
  function overtakenClient(runId: string, times: number): Redis {
    const client = new Redis(REDIS_URL);
    const keys = runRelayKeys(prefix, runId);
    let overtaken = 0;
    const multi = client.multi.bind(client) as () => ReturnType<Redis["multi"]>;
    (client as { multi: () => ReturnType<Redis["multi"]> }).multi = () => {
      const transaction = multi();
      const exec = transaction.exec.bind(transaction);
      transaction.exec = (async () => {
        const replies = await exec();
        if (overtaken < times) {
          overtaken++;
          const [last] = (await client.xrevrange(keys.events, "+", "-", "COUNT", 1)) as [string, string[]][];
          const seq = last === undefined ? 1 : Number(last[0].split("-")[1]) + 1;
          await client.xadd(keys.events, entryId(seq), "e", JSON.stringify(textDelta(runId, seq, "main", 0)));
        }
        return replies;
      }) as typeof transaction.exec;
      return transaction;
    };
    return client;
  }

  it("appends after events another writer added meanwhile, with no number used twice", async () => {
    const runId = randomUUID();
    const client = overtakenClient(runId, 2);
    try {
      await appendRunFailure(client, prefix, runId, new RunJobFailedError(runId, "gone"), relay);
    } finally {
      client.disconnect();
    }
    const events = await readRelayed(suite.log, runId);
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, "text-delta"],
      [2, "text-delta"],
      [3, "error"],
      [4, "run-end"],
    ]);
  });

  it("gives up after three retries with Redis's error and leaves the stream open: nothing of the failure is written", async () => {
    const runId = randomUUID();
    const client = overtakenClient(runId, 10);
    try {
      await expect(appendRunFailure(client, prefix, runId, new RunJobFailedError(runId, "gone"), relay)).rejects.toThrow(/equal or smaller/i);
    } finally {
      client.disconnect();
    }
    // Four attempts, each overtaken by one event: the stream holds those four and is not ended.
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 4, firstSeq: 1, ended: false });
    const types = (await suite.redis.xrange(runRelayKeys(prefix, runId).events, "-", "+")).map(([, fields]) => JSON.parse(fields[1]!).type);
    expect(types).toEqual(["text-delta", "text-delta", "text-delta", "text-delta"]);
  });
});
