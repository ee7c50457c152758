// The types of schema-validators.generated.js (written by scripts/schema-validators.mjs).
import type { ValidateFunction } from 'ajv';

export declare const results: ValidateFunction;
export declare const baseline: ValidateFunction;
export declare const historyEntry: ValidateFunction;
