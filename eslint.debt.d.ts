/** Types of eslint.debt.js for tests/unit/lint-gate.test.ts. */
export declare const ANY_DEBT: Record<string, number>;
