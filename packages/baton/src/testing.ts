/**
 * `baton/testing`: the test doubles of `@baton/testing` (a scripted model provider,
 * fake tools, a local provider server), for tests and for trying agents out
 * before a provider is configured.
 * @packageDocumentation
 */
export * from "@baton/testing";
