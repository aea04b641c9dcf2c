/** Types of scripts/eslint-rules.mjs for the TypeScript tests. */
import type { ESLint } from "eslint";
export declare const PURE_MODULES: string[];
export declare const PURE_GLOBS: string[];
export declare function isPure(relPath: string): boolean;
/** The folder of core that composes the areas (the demo seed) rather than being one. */
export declare const COMPOSITION_ROOT: string;
/** The file a relative import names, or null for a package. */
export declare function resolveImport(fromFile: string, spec: string): string | null;
export declare function clearCaches(): void;
export declare function unexplainedDisable(comment: string): boolean;
export declare function unexplainedDisables(text: string): number[];
declare const plugin: ESLint.Plugin;
export default plugin;
