export declare const SERVER_BUNDLE: string;
export declare const REALTIME_BUNDLE: string;
export declare function bundlesFresh(): boolean;
export declare function buildBundles(): Promise<void>;
