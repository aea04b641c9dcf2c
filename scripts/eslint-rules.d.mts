/** Types of scripts/eslint-rules.mjs for the TypeScript tests. */
import type { ESLint } from "eslint";
export declare const PURE_MODULES: string[];
export declare const PURE_GLOBS: string[];
export declare function isPure(relPath: string): boolean;
export declare function clearCaches(): void;
export declare function unexplainedDisable(comment: string): boolean;
export declare function unexplainedDisables(text: string): number[];
declare const plugin: ESLint.Plugin;
export default plugin;
