import { connect, createServer, type Server, type Socket } from "node:net";

/** A TCP relay on 127.0.0.1 in front of a server, to cut in tests. */
export interface TcpRelay {
  /** The relay's port on 127.0.0.1: connect here instead of to the server. */
  readonly port: number;
  /**
   * Holds every byte both ways while connections stay open: a network partition
   * (nothing fails, nothing answers), until {@link TcpRelay.heal}.
   */
  cut(): void;
  /** Ends a cut: the bytes held since arrive now, late, as TCP delivers them after a partition. */
  heal(): void;
  /**
   * A server restart: closes every open connection at once, refuses new ones (closing
   * them as they come) for `downMs`, then lets connections through again. Resolves
   * when the server is back.
   */
  restart(downMs: number): Promise<void>;
  /** Closes every connection and stops listening: the server is gone (connections are refused). Safe to call twice. */
  close(): Promise<void>;
  /** Whether the relay still listens. */
  readonly listening: boolean;
}

/**
 * Starts a TCP relay on a free loopback port to `target` (a database, a cache, a
 * provider server): each connection to the relay opens one to the target and bytes
 * flow both ways until `cut()`.
 *
 * @example
 * const relay = await startTcpRelay({ host: "127.0.0.1", port: 6379 });
 * const storage = await createRedisStorage({ url: `redis://127.0.0.1:${relay.port}` });
 * relay.cut(); // Redis stops answering mid-run
 */
export async function startTcpRelay(target: { readonly host: string; readonly port: number }): Promise<TcpRelay> {
  let cut = false;
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.pipe(client);
    // A connection opened during a cut is held like the others (after pipe(), which sets the sockets flowing).
    if (cut) for (const socket of [client, upstream]) socket.pause();
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  let closed = false;
  return {
    port,
    cut: () => {
      cut = true;
      for (const socket of sockets) socket.pause();
    },
    heal: () => {
      cut = false;
      for (const socket of sockets) socket.resume();
    },
    restart: async (downMs) => {
      down = true;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      down = false;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get listening() {
      return server.listening;
    },
  };
}
