import { createServer, type Socket } from "node:net";
import { startTcpRelay } from "@baton/testing";
import { REDIS_URL } from "./redis.js";

/** A TCP relay on loopback in front of the test Redis. */
export interface Relay {
  /** `redis://127.0.0.1:<relay port>` (with `auth`, e.g. `:secret@`, when given). */
  url(auth?: string): string;
  /** Stops every byte both ways; connections stay open (a network partition). */
  cut(): void;
  /** Closes every connection and stops listening (Redis gone: connections refused). */
  close(): Promise<void>;
}

/** Starts a relay to the test Redis. */
export async function startRelay(): Promise<Relay> {
  const target = new URL(REDIS_URL);
  const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
  return {
    url: (auth = "") => `redis://${auth}127.0.0.1:${relay.port}${target.pathname}`,
    cut: () => relay.cut(),
    close: () => relay.close(),
  };
}

/** The commands (arrays of bulk strings) complete in `buffer`, and what is left of it. */
function parseCommands(buffer: string): [string[][], string] {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    if (buffer[at] !== "*") break;
    const headEnd = buffer.indexOf("\r\n", at);
    if (headEnd === -1) break;
    const count = Number(buffer.slice(at + 1, headEnd));
    let cursor = headEnd + 2;
    const args: string[] = [];
    for (let i = 0; i < count; i++) {
      const lengthEnd = buffer.indexOf("\r\n", cursor);
      if (lengthEnd === -1) return [commands, buffer.slice(at)];
      const length = Number(buffer.slice(cursor + 1, lengthEnd));
      if (buffer.length < lengthEnd + 2 + length + 2) return [commands, buffer.slice(at)];
      args.push(buffer.slice(lengthEnd + 2, lengthEnd + 2 + length));
      cursor = lengthEnd + 2 + length + 2;
    }
    commands.push(args);
    at = cursor;
  }
  return [commands, buffer.slice(at)];
}

/**
 * A server speaking just enough RESP to refuse every login: `HELLO … AUTH …` and
 * `AUTH …` get `-WRONGPASS`, anything else `+OK`. (The local Redis has no password,
 * and Redis accepts any password for a `nopass` user, so a wrong password needs this.)
 */
export async function refusingLoginServer(): Promise<{ url(auth: string): string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    socket.on("data", (data) => {
      const [commands, rest] = parseCommands(buffer + data.toString("latin1"));
      buffer = rest;
      for (const [name = ""] of commands) {
        const login = name.toLowerCase() === "hello" || name.toLowerCase() === "auth";
        socket.write(login ? "-WRONGPASS invalid username-password pair or user is disabled.\r\n" : "+OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (auth) => `redis://${auth}127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
