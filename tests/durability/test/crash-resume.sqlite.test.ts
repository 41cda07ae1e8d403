/** The crash test on SQLite (a temporary file): see crash-suite.ts. */
import { openSqliteBackend } from "./durability-harness.js";
import { crashSuite } from "./crash-suite.js";

crashSuite("SQLite", async () => openSqliteBackend());
