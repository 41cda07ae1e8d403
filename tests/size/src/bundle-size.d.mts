/** Bytes of a set of bundle files. */
export interface ByteCount {
  /** Minified, uncompressed. */
  readonly minified: number;
  /** Each file gzipped (level 9), summed. */
  readonly gzip: number;
}

/** The measured size of a bundle. */
export interface BundleSize {
  /** The entry chunk and every chunk it imports statically: what loads with the module. */
  readonly eager: ByteCount;
  /** Chunks reached only through a dynamic `import()`. */
  readonly lazy: ByteCount;
  /** Minified bytes each input file contributes (path as esbuild names it). */
  readonly inputs: Readonly<Record<string, number>>;
  /** The input files of the eager chunks (sorted). */
  readonly eagerInputs: readonly string[];
  /** The input files of the lazy chunks (sorted); a file split across both is in each. */
  readonly lazyInputs: readonly string[];
}

/** SDKs and schema libraries an application brings itself: never counted. */
export declare const APPLICATION_PACKAGES: readonly string[];

/** Bundles `source` with esbuild (minified ESM for Node, code splitting on) and measures it. */
export declare function measureBundle(options: {
  readonly source: string;
  readonly resolveDir: string;
  readonly external?: readonly string[];
}): Promise<BundleSize>;

/** Kilobytes (1000 bytes) with one decimal. */
export declare function kilobytes(bytes: number): string;
