/** How a fault window of the provider answers. */
export type ProviderFault = "500" | "503" | "stall" | "cut";
export declare const PROVIDER_FAULTS: readonly ProviderFault[];

/** A local OpenAI-compatible server playing the chaos agent's model. */
export interface ChaosProvider {
  /** The base URL (`…/v1`) to give the OpenAI adapter. */
  readonly url: string;
  readonly requests: number;
  readonly faulted: number;
  readonly listening: boolean;
  /** Opens a fault window; returns its `close()`. */
  open(mode: ProviderFault): () => void;
  close(): Promise<void>;
}

export declare function startChaosProvider(): Promise<ChaosProvider>;
