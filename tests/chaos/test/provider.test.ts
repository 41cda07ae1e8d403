/**
 * Runs whose model is a local OpenAI-compatible server reached through the real
 * adapter: it answers 500 or 503, stalls its streams past the adapter's idle timeout,
 * or cuts them, for a while. A model call that fails past the adapter's retries ends
 * the attempt resumable; the run is resumed from that call.
 */
import { describeTrials } from "./chaos-suite.js";

describeTrials("provider", { trials: 30, concurrent: true });
