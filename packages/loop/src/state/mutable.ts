/** `T` with its properties writable: for building a result, record or part key by key, in the order its readers expect. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
