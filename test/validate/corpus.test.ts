// The single-rule corpus: each file under test/fixtures/validate/<rule-area>/<case>.json changes one thing in the valid
// base payload (test/helpers/payload.ts) and states the verdict the contract gives. Adding a case means adding a file.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { validatePreviewData } from '../../src/index.js'
import { ISSUE_CODES } from '../../src/validate/codes.js'
import { checkUrl } from '../../src/validate/primitives/index.js'
import { validPayload } from '../helpers/payload.js'

type Mutation = { op: 'set'; path: string; value: unknown } | { op: 'delete'; path: string }
type Expected = { code: string; path: string; message_contains?: string }
type Case = { description: string; mutations: Mutation[]; valid: boolean; errors: Expected[] }

const ROOT = fileURLToPath(new URL('../fixtures/validate/', import.meta.url))

/** Every case file, sorted by its relative path so the run order never depends on the file system. */
function caseFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...caseFiles(full))
    else if (entry.name.endsWith('.json')) out.push(relative(ROOT, full).split('\\').join('/'))
  }
  return out.sort()
}

function parsePointer(path: string): string[] {
  if (path === '') return []
  if (!path.startsWith('/')) throw new Error(`Not a JSON Pointer: ${path}`)
  return path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * Applies one mutation in place. A pointer that does not reach an existing parent throws, so a fixture whose edit
 * silently missed (and would then test the unchanged base payload) fails instead of passing.
 */
function apply(root: Record<string, unknown>, mutation: Mutation): void {
  const segments = parsePointer(mutation.path)
  const key = segments.pop()
  if (key === undefined) throw new Error('A mutation cannot replace the whole payload')
  let parent: unknown = root
  for (const s of segments) {
    if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, s)) throw new Error(`${mutation.path}: no ${s}`)
    parent = (parent as Record<string, unknown>)[s]
  }
  if (typeof parent !== 'object' || parent === null) throw new Error(`${mutation.path}: parent is not a container`)
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key)
    if (!Number.isInteger(index) || index < 0 || index > parent.length) throw new Error(`${mutation.path}: bad index`)
    if (mutation.op === 'set') parent[index] = mutation.value
    else if (index < parent.length) parent.splice(index, 1)
    else throw new Error(`${mutation.path}: nothing to delete`)
    return
  }
  const object = parent as Record<string, unknown>
  if (mutation.op === 'set') object[key] = mutation.value
  else if (Object.hasOwn(object, key)) delete object[key]
  else throw new Error(`${mutation.path}: nothing to delete`)
}

const files = caseFiles(ROOT)
const cases = files.map((file) => ({ file, ...(JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Case) }))
const known = new Set<string>(ISSUE_CODES)

describe('single-rule corpus', () => {
  test('is large enough to cover the contract, and every case is well formed', () => {
    expect(cases.length).toBeGreaterThanOrEqual(250)
    for (const c of cases) {
      expect(c.description, c.file).toMatch(/\S/)
      expect(c.mutations.length, c.file).toBeGreaterThan(0)
      // A valid case lists no errors; an invalid one names at least one, each with a code the SDK can report.
      expect(c.errors.length === 0, c.file).toBe(c.valid)
      for (const e of c.errors) expect(known.has(e.code), `${c.file}: unknown code ${e.code}`).toBe(true)
    }
  })

  test('the base payload is valid, so each case tests only its own change', () => {
    expect(validatePreviewData(validPayload()).errors).toEqual([])
  })

  test.each(cases)('$file', ({ mutations, valid, errors }) => {
    const payload = validPayload() as unknown as Record<string, unknown>
    for (const m of mutations) apply(payload, m)
    const before = JSON.stringify(payload)
    const result = validatePreviewData(payload)
    expect(JSON.stringify(payload), 'validation must not change its input').toBe(before)
    if (valid) {
      expect(result.errors).toEqual([])
      expect(result.ok).toBe(true)
      return
    }
    expect(result.ok).toBe(false)
    for (const e of errors) {
      const found = result.errors.filter((issue) => issue.code === e.code && issue.path === e.path)
      expect(found, `expected ${e.code} at "${e.path}" among ${JSON.stringify(result.errors.map((i) => [i.code, i.path]))}`).not.toEqual([])
      if (e.message_contains !== undefined) {
        expect(found.some((issue) => issue.message.includes(e.message_contains!)), `message naming "${e.message_contains}"`).toBe(true)
      }
    }
    // Messages are sentences for people: long enough to name the field and the fix, and free of rendering slips.
    for (const issue of result.errors) {
      expect(issue.message.length, issue.path).toBeGreaterThan(20)
      expect(issue.message, issue.path).not.toMatch(/undefined|\[object Object\]|NaN/)
    }
  })
})

// Found by this corpus: run in file order, the IDN origin cases failed only after a few hundred earlier cases, because
// Node 20's optimized `URL.canParse` misreads Latin-1 strings. The verdict must not depend on what ran before.
describe('URL verdicts do not drift once the URL check is optimized', () => {
  test.each([
    ['https://bücher.example', 'site_url'],
    ['https://bücher.example/a', 'navigation'],
    ['https://bücher.example/café.jpg', 'media'],
    ['https://bücher.example/api', 'comments_api'],
  ] as const)('%s (%s)', (value, cls) => {
    expect(checkUrl(value, cls)).toBeNull()
    // Flat one-byte strings are what the fast path receives; enough calls get the call site optimized.
    for (let i = 0; i < 200_000; i++) checkUrl('https://a.example/' + (i % 10), cls)
    expect(checkUrl(value, cls)).toBeNull()
    expect(checkUrl('https://bü cher.example', cls)).not.toBeNull()
  })
})
