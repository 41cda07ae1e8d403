/**
 * Runs on the memory storage behind a faulty view: its calls fail, lose their reply,
 * hang until the window closes, or time out while still landing late, for windows
 * shorter than the run's storage wait (ridden out) and longer than its wait and lease
 * (the attempt ends resumable; the run is resumed, its calls in doubt decided).
 */
import { describeTrials } from "./chaos-suite.js";

describeTrials("memory-storage", { trials: 70, concurrent: true });
