// The types of schema-validator.generated.js (written by scripts/schema-validators.mjs).
import type { ValidateFunction } from 'ajv';

declare const validate: ValidateFunction;
export default validate;
