import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { privateRedisUnavailableReason, startPrivateRedis, type PrivateRedis } from "./private-redis.js";

const unavailable = privateRedisUnavailableReason();
const servers: PrivateRedis[] = [];
const foreign: ChildProcess[] = [];

afterEach(async () => {
  for (const child of foreign.splice(0)) child.kill("SIGKILL");
  for (const server of servers.splice(0)) await server.stop();
});

/** What a Redis on `port` answers to `command` (inline), with `password` first when given. */
function ask(port: number, command: string, password?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    socket.once("error", reject);
    socket.once("connect", () => socket.write(`${password ? `AUTH ${password}\r\n` : ""}${command}\r\n`));
    socket.on("data", (data) => {
      reply += data.toString();
      if (reply.split("\r\n").length > (password ? 2 : 1)) {
        socket.destroy();
        resolve(reply);
      }
    });
  });
}

/** Starts a plain `redis-server` on `port`, as another test would, and waits until it answers. */
async function foreignServerOn(port: number): Promise<void> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  foreign.push(child);
  for (let i = 0; i < 100; i++) {
    const reply = await ask(port, "PING").catch(() => "");
    if (reply.startsWith("+PONG")) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the foreign redis-server did not start");
}

describe.skipIf(unavailable !== undefined && !process.env.CI)("startPrivateRedis", () => {
  it("comes back with its data after kill() and start(), behind its password", async () => {
    const redis = await startPrivateRedis({ password: "s3cret!", durable: true });
    servers.push(redis);
    expect(redis.port).toBeGreaterThanOrEqual(20_000);
    expect(redis.port).toBeLessThan(32_000);
    expect(await ask(redis.port, "SET k v", "s3cret!")).toBe("+OK\r\n+OK\r\n");
    await redis.kill();
    expect(redis.running).toBe(false);
    await redis.start();
    expect(redis.running).toBe(true);
    expect(await ask(redis.port, "GET k", "s3cret!")).toBe("+OK\r\n$1\r\nv\r\n");
  });

  it("start() resolves only once a durable server has loaded its data, so the first command after it is answered", async () => {
    const redis = await startPrivateRedis({ durable: true });
    servers.push(redis);
    // Enough data that loading it takes a while (Redis answers -LOADING meanwhile).
    const fill = `EVAL "for i=1,300000 do redis.call('SET','key:'..i,'v') end return 1" 0`;
    expect(await ask(redis.port, fill)).toBe(":1\r\n");
    await redis.start();
    expect(await ask(redis.port, "DBSIZE")).toBe(":300000\r\n");
    expect(await ask(redis.port, "GET key:300000")).toBe("$1\r\nv\r\n");
    // Filling and loading 300,000 keys written with fsync takes a while on a machine under load.
  }, 90_000);

  it("start() fails when another server took the port while it was down, instead of taking that server for its own", async () => {
    const redis = await startPrivateRedis();
    servers.push(redis);
    await redis.kill();
    await foreignServerOn(redis.port);
    await expect(redis.start()).rejects.toThrow(/redis-server on port \d+ (exited|did not accept)/);
    expect(redis.running).toBe(false);
  });
});
