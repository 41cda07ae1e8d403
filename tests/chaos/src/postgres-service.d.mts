/** The PostgreSQL the trials use (`BATON_TEST_POSTGRES_URL` for another). */
export declare const POSTGRES_URL: string;
/** Why PostgreSQL cannot be used, or undefined when it answers. */
export declare function postgresUnreachableReason(): Promise<string | undefined>;
/** The URL of the same database reached at `port` on 127.0.0.1, with `password` in it. */
export declare function postgresUrlThrough(port: number, password: string): string;
/** Drops schemas, directly. */
export declare function dropSchemas(schemas: readonly string[]): Promise<void>;
