/**
 * The schema and ajv settings behind shape validation, shared by the validator (`shape.ts`) and the script that
 * precompiles its first pass (`scripts/shape-validator.ts`), so both always compile the same thing.
 */
import schema from '../contract/preview-data.v0.7.schema.json' with { type: 'json' }
import type { Options, SchemaObject } from 'ajv/dist/2020.js'

export const SCHEMA = schema as SchemaObject

/** The content arrays whose items the all-errors pass checks one by one, and the definition each item follows. */
export const CONTENT_ITEM_DEFS = {
  authors: 'author',
  posts: 'post',
  pages: 'page',
  categories: 'category',
  tags: 'tag',
  media: 'mediaEntry',
} as const

/** How scripts/shape-validator.ts compiles the schema: strict, and no message text (shape.ts writes its own). */
export const AJV_OPTIONS: Options = {
  strict: true,
  // Scalar maps and data values are `type: [string, number, boolean, null, ...]`: one keyword, one clear error, and
  // the fastest check. allowUnionTypes is ajv's documented allowance for union types in strict mode; spelled as anyOf
  // or if/then/else instead, checking posts with meta and data took about 1.5 to 2 times as long.
  allowUnionTypes: true,
  messages: false,
}

// Formats that a runtime rule checks exactly (and more strictly: NFC, code points, WHATWG parsing, calendar dates,
// canonical zones), wherever the schema uses them. The first pass leaves their regular expressions out: a valid
// payload would pay for each check twice, and an invalid one is caught by the rule, or reported in full by the
// second pass, which runs the whole schema. test/validate/validate.property.test.ts checks that validation still
// rejects whatever the schema rejects.
const RUNTIME_CHECKED_FORMATS = [
  'slug', 'timestamp', 'locale', 'timezone', 'siteUrl', 'mediaOrigin', 'navigationUrl', 'mediaUrl', 'commentsApiUrl',
  'permalinkPattern', 'postIndexPath', 'pagePath', 'pagePathRef',
]

/** The schema without the patterns of the rule-checked formats: what the first pass runs alongside the rules. */
export function withoutRuntimeCheckedPatterns(source: SchemaObject): SchemaObject {
  const copy = structuredClone(source) as SchemaObject & { $defs: Record<string, Record<string, unknown>> }
  for (const name of RUNTIME_CHECKED_FORMATS) {
    if (!copy.$defs[name] || typeof copy.$defs[name].pattern !== 'string') throw new Error(`The schema has no pattern in $defs/${name}`)
    delete copy.$defs[name].pattern
  }
  // The slug rule's limit (200 code points after NFC) is stricter than the schema's coarse 800.
  delete copy.$defs.slug.maxLength
  return copy
}
