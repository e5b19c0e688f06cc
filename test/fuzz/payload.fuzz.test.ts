// Fuzzing payloads (issue 15): mutated payloads into validatePreviewData, canonicalizePreviewDataKeyOrder and the
// `validate` and `canonicalize` commands. The validator never throws and never changes its input; canonicalizing
// changes key order only (or refuses, with a diagnostic), and the result validates as the input did; the commands
// exit 0, 1 or 2 with a clear message, and write their output whole or not at all. Sizes: FUZZ_CASES (see _config.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { createPreviewData } from '../../src/index.js'
import { validPayload } from '../helpers/payload.js'
import { fuzzConfig } from './_config.js'
import { readIfThere } from './_files.js'
import { mutatePayload } from './_json.js'
import type { Random } from './_random.js'
import { report, runSuite } from './_suite.js'
import type { BuiltCase } from './_suite.js'
import { valueDigest } from './_value.js'
import type { CaseDirs } from './_files.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const config = fuzzConfig(24)

/** The payloads mutated: the schema fixtures, builder-made ones, and what the importers wrote for their fixtures. */
function corpus(): Array<{ name: string; text: string }> {
  const out: Array<{ name: string; text: string }> = []
  const schema = join(repo, 'test/fixtures/schema')
  for (const f of readdirSync(schema)) out.push({ name: `schema/${f}`, text: readFileSync(join(schema, f), 'utf8') })
  out.push({ name: 'helpers/validPayload', text: JSON.stringify(validPayload(), null, 2) })
  const built = createPreviewData({ generator: 'fuzz 1.0', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'Fuzz', url: 'https://fuzz.example', timezone: 'Asia/Tehran', locale: 'fa-IR' })
    .author({ id: 'ana', display_name: 'Ana' })
    .category({ name: 'Travel' })
    .tag({ name: 'Ελλάδα' })
    .post({ title: 'سلام', author_id: 'ana', category_slugs: ['travel'], published_at_iso: '2024-05-01T10:00:00+03:30', content: '# Hi\n\n<img alt="a>b">' })
    .page({ title: 'About', slug: 'about', content: 'About us', document_type: 'markdown', status: 'published' })
    .build()
  out.push({ name: 'builder', text: JSON.stringify(built) })
  const wordpress = join(repo, 'test/fixtures/wordpress')
  for (const f of readdirSync(wordpress).filter((f) => f.endsWith('.expected.json'))) {
    const payload = (JSON.parse(readFileSync(join(wordpress, f), 'utf8')) as { payload?: unknown }).payload
    if (payload) out.push({ name: `wordpress/${f}`, text: JSON.stringify(payload, null, 2) })
  }
  const markdown = join(repo, 'test/fixtures/markdown')
  for (const d of readdirSync(markdown)) {
    const text = readIfThere(join(markdown, d, 'expected.json'))
    const payload = text ? (JSON.parse(text) as { payload?: unknown }).payload : undefined
    if (payload) out.push({ name: `markdown/${d}`, text: JSON.stringify(payload, null, 2) })
  }
  return out
}

const bases = corpus()

/** The value of a payload file as the commands read it (a leading BOM dropped), or undefined when it is not JSON. */
function parsed(bytes: Buffer): unknown {
  const text = bytes.toString('utf8')
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return undefined
  }
}

function build(rnd: Random, dirs: CaseDirs): BuiltCase {
  const base = rnd.pick(bases)
  const { bytes, did } = rnd.chance(0.05) ? { bytes: Buffer.from(base.text), did: 'unchanged' } : mutatePayload(rnd, base.text)
  const file = join(dirs.inputs, 'payload.json')
  writeFileSync(file, bytes)
  const value = parsed(bytes)
  const json = rnd.chance(0.3) ? ['--format', 'json'] : []
  const tty = rnd.chance(0.3)
  const out = join(dirs.out, 'canonical.json')
  return {
    bytes: bytes.length,
    did: `${base.name}: ${did}`,
    jobs: [
      { label: 'library', job: { target: 'payload', file } },
      {
        label: 'cli validate',
        job: { target: 'cli', argv: ['validate', file, ...json], cwd: dirs.root, tty },
        extra: (run) => (value === undefined && run.code !== 1 ? [`exit ${run.code} for a file that is not JSON (expected 1)`] : []),
      },
      {
        label: 'cli canonicalize',
        job: { target: 'cli', argv: ['canonicalize', file, '-o', out, ...json], cwd: dirs.root, tty },
        outputs: { files: [out], payload: 'any' },
        extra: (run) => {
          if (run.code !== 0) return value === undefined && run.code !== 1 ? [`exit ${run.code} for a file that is not JSON (expected 1)`] : []
          const written = readIfThere(out)
          if (written === undefined) return []
          // Key order is all canonicalize may change: the same members and values, 1e999 included.
          return valueDigest(JSON.parse(written), true) === valueDigest(value, true) ? [] : ['the file written holds other values than the input (canonicalize may change key order only)']
        },
      },
    ],
  }
}

test(`payloads: ${config.cases} mutated payloads into the validator, canonicalize and the commands (seed ${config.seed})`, async () => {
  const { failures } = await runSuite('payload', config, (rnd, dirs) => build(rnd, dirs))
  expect(failures.length, report(failures)).toBe(0)
}, 120_000 + config.cases * 60_000)
