export declare const bundlePath: (entry: 'start' | 'reverb' | 'queue-work') => string;
export declare const SERVER_BUNDLE: string;
export declare const REALTIME_BUNDLE: string;
export declare function bundlesFresh(): boolean;
export declare function bundleOptions(entries?: ('start' | 'reverb' | 'queue-work')[]): import('esbuild').BuildOptions;
export declare function buildBundles(entries?: ('start' | 'reverb' | 'queue-work')[]): Promise<void>;
