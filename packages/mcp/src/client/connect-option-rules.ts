import { checkOptions, ConfigurationError, optionIs as is, type OptionRules } from "@baton/core";
import type { ConnectMcpServerOptions } from "./mcp-server-options.js";

const isUrl = { expected: "a URL (string or URL)", test: (v: unknown) => typeof v === "string" || v instanceof URL };

/** The rules of {@link ConnectMcpServerOptions}, checked by `connectMcpServer` before anything starts. */
export const CONNECT_MCP_SERVER_OPTION_RULES: OptionRules = {
  stdio: is.optionsObject({
    command: { ...is.nonEmptyString, required: true },
    args: is.stringArray,
    env: is.stringRecord,
    cwd: is.nonEmptyString,
    stderr: is.oneOf("inherit", "ignore"),
  }),
  http: is.optionsObject({
    url: { ...isUrl, required: true },
    headers: is.stringRecord,
    transport: is.oneOf("auto", "streamable-http", "sse"),
  }),
  name: is.nonEmptyString,
  prefix: is.string,
  allow: is.stringArray,
  deny: is.stringArray,
  initializeTimeoutMs: is.positiveInteger,
  callTimeoutMs: is.positiveInteger,
  clientInfo: is.optionsObject({ name: { ...is.nonEmptyString, required: true }, version: { ...is.nonEmptyString, required: true } }),
};

/** Checks the options of `connectMcpServer`: known keys, right types, and exactly one of `stdio` or `http`. */
export function checkConnectOptions(options: ConnectMcpServerOptions): void {
  checkOptions("connectMcpServer", options, CONNECT_MCP_SERVER_OPTION_RULES);
  if ((options.stdio === undefined) === (options.http === undefined)) {
    throw new ConfigurationError('connectMcpServer(): give exactly one of the options "stdio" or "http".', { details: { function: "connectMcpServer" } });
  }
  if (options.http !== undefined) {
    try {
      new URL(options.http.url);
    } catch {
      throw new ConfigurationError(`connectMcpServer(): option "http.url" is not a valid URL: ${JSON.stringify(String(options.http.url))}.`, {
        details: { function: "connectMcpServer", option: "http.url" },
      });
    }
  }
}
