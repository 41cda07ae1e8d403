/**
 * Runs on PostgreSQL storage (a schema per trial, dropped after) reached through a TCP
 * relay that cuts every connection (open and silent) or refuses them for a while. The
 * shared server is never touched.
 */
import { describeTrials } from "./chaos-suite.js";
import { postgresUnavailable } from "./services.js";

describeTrials("postgres-relay", { trials: 24, concurrent: true, unavailable: postgresUnavailable });
