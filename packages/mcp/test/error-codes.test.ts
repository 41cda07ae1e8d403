import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "@baton/testing/error-codes";
import * as pkg from "../src/index.js";
import { MCP_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/mcp` exports, by class name. */
const samples: Record<string, BatonError> = {
  BatonMcpError: new pkg.BatonMcpError("MCP_REQUEST_FAILED", "files", "failed"),
  McpConnectError: new pkg.McpConnectError("files", "refused"),
  McpInitializeTimeoutError: new pkg.McpInitializeTimeoutError("files", 1000),
  McpConnectionLostError: new pkg.McpConnectionLostError("files", "read_file"),
  McpConnectionClosedError: new pkg.McpConnectionClosedError("files"),
  McpRequestError: new pkg.McpRequestError("files", "tools/call", -32602, "invalid params"),
  McpToolError: new pkg.McpToolError("read_file", "files", "no such file", []),
};

describeErrorCodes({ packageName: "@baton/mcp", codesName: "MCP_ERROR_CODES", codes: MCP_ERROR_CODES, exports: pkg, samples, testFileUrl: import.meta.url });
