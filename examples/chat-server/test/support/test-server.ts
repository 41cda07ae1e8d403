import { afterAll, beforeAll } from "vitest";
import { createChatServer, type ChatServer, type ChatServerOptions } from "../../src/server.js";

/**
 * Starts a chat server on a free port before the file's tests and closes it after.
 * Returns a getter (the server exists only once `beforeAll` ran).
 */
export function useChatServer(options: ChatServerOptions = {}): () => ChatServer {
  let server: ChatServer | undefined;
  beforeAll(async () => {
    server = await createChatServer({ port: 0, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server === undefined) throw new Error("The chat server is not started yet (use it inside a test).");
    return server;
  };
}
