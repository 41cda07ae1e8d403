/**
 * A child process runs a trial's runs on a private Redis or a SQLite file and is killed
 * with SIGKILL mid-batch (after a seeded number of tool effects); this process resumes
 * every run that did not end and decides the calls in doubt.
 */
import { describeTrials } from "./chaos-suite.js";
import { redisServerMissingReason } from "./services.js";

describeTrials("crash", { trials: 12, unavailable: redisServerMissingReason() });
