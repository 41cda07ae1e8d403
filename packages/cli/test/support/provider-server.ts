import { startProviderServer, type ProviderServer } from "@baton/testing";
import { afterAll, beforeAll } from "vitest";

/**
 * The provider server of a test file: started before the file's tests, closed after
 * them. Called at the top of the file; the function it returns gives the server (there
 * once the tests run).
 * @example
 * const server = useProviderServer();
 * it("…", async () => { server().enqueue(textTurn("Hi")); … cliEnv(server().url) … });
 */
export function useProviderServer(): () => ProviderServer {
  let server: ProviderServer | undefined;
  beforeAll(async () => {
    server = await startProviderServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server === undefined) throw new Error("useProviderServer(): the server is there only once the file's tests run.");
    return server;
  };
}
