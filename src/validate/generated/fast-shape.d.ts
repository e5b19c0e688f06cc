// Types for the generated fast-shape.js (see scripts/shape-validator.ts).
declare const validate: ((data: unknown) => boolean) & { errors?: unknown[] | null }
export default validate
