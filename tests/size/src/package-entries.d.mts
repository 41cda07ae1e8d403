/** The repository's root folder. */
export declare const REPOSITORY_ROOT: string;

/** The manifest (package.json) of the package in `packages/<folder>`. */
export declare function readManifest(folder: string): {
  readonly name: string;
  readonly exports?: Readonly<Record<string, string | { readonly import?: string; readonly default?: string }>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
};

/** The built JavaScript files of a package's `exports` map (every subpath but `./package.json`), as absolute paths. */
export declare function entryFiles(folder: string): string[];

/** The built JavaScript file of a package's root entry point (`exports["."]`), as an absolute path. */
export declare function rootEntryFile(folder: string): string;

/** Module text that re-exports everything of the given files (one namespace each, so names never clash). */
export declare function reexportAll(files: readonly string[]): string;

/** What one package's own code is measured without: its dependencies, its peers and every other Baton package. */
export declare function externalsOf(folder: string): string[];
