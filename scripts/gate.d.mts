/** Types of scripts/gate.mjs for the TypeScript tests. */
export declare const CHECKS: Array<[name: string, command: string]>;
export declare function gate(checks?: Array<[name: string, command: string]>): Promise<boolean>;
