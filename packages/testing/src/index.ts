/**
 * `@baton/testing`: test doubles for Baton. A scripted model provider, fake tools,
 * a local provider server, built only on `@baton/core`. The storage conformance suite
 * is the `@baton/testing/storage-conformance` subpath.
 * @packageDocumentation
 */
export { scriptedModel, ScriptedModel, type ScriptedModelOptions } from "./model/scripted-model.js";
export type {
  ScriptedTurn,
  ScriptedReply,
  ScriptedTurnObject,
  ScriptedTurnFunction,
  ScriptedToolCall,
  ScriptedReasoningBlock,
} from "./model/scripted-turn.js";
export { ScriptExhaustedError } from "./model/script-exhausted-error.js";
export { TESTING_ERROR_CODES, type TestingErrorCode } from "./errors/testing-error-codes.js";
export { fakeTool, type FakeTool, type FakeToolCall, type FakeToolOptions, type FakeToolResult } from "./tools/fake-tool.js";
export { echoTool, type EchoToolOptions } from "./tools/echo-tool.js";
export { sleepTool, type SleepToolOptions } from "./tools/sleep-tool.js";
export { testToolContext, type TestToolContext } from "./tools/test-tool-context.js";
export type { ProviderProtocol } from "./providers/provider-protocol.js";
export { loadProviderFixture, listProviderFixtures, loadProviderJson, PROVIDER_FIXTURES_DIR } from "./providers/provider-fixtures.js";
export { startProviderServer, type ProviderServer, type ScriptedHttpResponse, type RecordedProviderRequest } from "./providers/provider-server.js";
export { startStallingServer, type StallingServer } from "./providers/stalling-server.js";
export { startTcpRelay, type TcpRelay } from "./net/tcp-relay.js";
export { privateRedisUnavailableReason, startPrivateRedis, type PrivateRedis, type PrivateRedisOptions } from "./net/private-redis.js";
export { SECRET, findSecret } from "./secrets/secret-scan.js";
export { streamFailure, refusedProviderURL } from "./providers/stream-failure.js";
export { PROVIDER_STATUS_TABLE, type ProviderStatusRow } from "./providers/provider-status-table.js";
export { optionsError, expectUnknownOptionRejected } from "./options/options-error.js";
export { waitFor } from "./timing/wait-for.js";
