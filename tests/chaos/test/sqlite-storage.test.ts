/** The storage faults of `memory-storage.test.ts`, on SQLite files (one per trial). */
import { describeTrials } from "./chaos-suite.js";

describeTrials("sqlite-storage", { trials: 36, concurrent: true });
