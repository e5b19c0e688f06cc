// Types for the generated full-shape.js (see scripts/shape-validator.ts): every error, with its subschema.
import type { ErrorObject } from 'ajv/dist/2020.js'

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }
/** The whole payload. */
export declare const full: Validate
export declare const author: Validate
export declare const post: Validate
export declare const page: Validate
export declare const category: Validate
export declare const tag: Validate
export declare const mediaEntry: Validate
