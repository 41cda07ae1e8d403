import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/** One live connection to a server: an initialized SDK client on its transport. */
export interface McpSession {
  readonly client: Client;
  readonly transport: Transport;
  /** The child's process id (stdio servers). */
  readonly pid: number | undefined;
  /** Which transport carries the session. */
  readonly transportKind: "stdio" | "streamable-http" | "sse";
  /** Stops watching the child process for this process's exit (once it is closed). */
  readonly forgetPid?: () => void;
}
