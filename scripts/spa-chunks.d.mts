/** Types of scripts/spa-chunks.mjs for the TypeScript tests. */
export declare const SERVER_MARKERS: Array<{ library: string; pattern: RegExp }>;
export declare function serverLibrariesIn(dist: string): Array<{ chunk: string; library: string; sample: string }>;
