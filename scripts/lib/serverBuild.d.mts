// Types of serverBuild.mjs (plain JS, so that scripts/start.mjs runs it without tsx).
export declare const SERVER_ENTRIES: Readonly<Record<"main" | "initEmbeddedMain" | "users" | "metrics" | "orders" | "ordersParseWorker", string>>;
export declare function serverBundle(name: keyof typeof SERVER_ENTRIES): string;
export declare function serverBuildIsStale(): boolean;
export declare function ensureServerBuild(): Promise<boolean>;
