/** Every published package of the repository (its folder), as TypeDoc documents them. */
export function publishedPackages(): string[];
/** Generates the API reference; resolves with TypeDoc's problems (warnings and errors, as text) and the number of packages documented. */
export function generateApiReference(): Promise<{ problems: string[]; packages: number }>;
