import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/**
 * Makes a connected transport hand each JSON-RPC response to the client one microtask
 * later. The SDK's client dispatches notifications a microtask after they arrive but
 * responses at once, so when a server's last progress notifications and its result
 * arrive together (one stdio read, one SSE chunk) the result settles the call first
 * and those notifications are dropped as "unknown token". Delaying responses keeps
 * the order the server sent.
 */
export function deliverResponsesAfterNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) return;
  transport.onmessage = (message, extra) => {
    if ("id" in message && ("result" in message || "error" in message)) queueMicrotask(() => deliver(message, extra));
    else deliver(message, extra);
  };
}
