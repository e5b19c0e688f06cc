// Types for the generated fast-shape.js (see scripts/shape-validator.ts).
import type { ErrorObject } from 'ajv/dist/2020.js'

declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }
export default validate
