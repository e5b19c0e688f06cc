// The package as a user installs it: packed, installed into an empty project, run and imported from there. Needs a
// built dist/ (CI packs, which builds through prepack, before testing); it installs the tarball's dependencies with
// --prefer-offline, so after `npm ci` everything comes from npm's cache, and only what is missing from the registry.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const built = existsSync(join(root, 'dist/index.js'))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; exports: Record<string, unknown>; files: string[] }
const tsc = join(root, 'node_modules/typescript/bin/tsc')

// Errors that mean "no registry and no cache", not "the package is broken": the suite then skips, saying so.
const OFFLINE = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network/i

let dir = ''
let consumer = ''
let files: string[] = []
let offline = ''

beforeAll(async () => {
  if (!built) return
  dir = mkdtempSync(join(tmpdir(), 'preview-data-package-'))
  // --ignore-scripts: prepack would rebuild dist/ under the feet of the other suites; CI's packing step runs it.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: root, maxBuffer: 1 << 24 })
  const [info] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[]
  files = info.files.map((f) => f.path).sort()
  consumer = join(dir, 'consumer')
  mkdirSync(consumer)
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }))
  try {
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', join(dir, info.filename)], { cwd: consumer, maxBuffer: 1 << 24 })
  } catch (error) {
    const text = String((error as { stderr?: string }).stderr ?? error)
    if (!OFFLINE.test(text)) throw error
    offline = text.split('\n').find((l) => OFFLINE.test(l)) ?? text.slice(0, 200)
  }
}, 180_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

if (!built) test.skip('dist/ is not built here: run `npm run build` first (CI does)', () => {})

describe.skipIf(!built)('the packed tarball', () => {
  test('ships the build, the README, LICENSE and CHANGELOG, and nothing else', () => {
    expect(pkg.files).toEqual(['dist', 'README.md', 'LICENSE', 'CHANGELOG.md'])
    const outside = files.filter((f) => !f.startsWith('dist/'))
    expect(outside).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'])
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/markdown.js', 'dist/wordpress.js', 'dist/cli.js', 'dist/preview-data.v0.7.schema.json']))
    // One build: the command runs the library's chunks, so there is no second copy of the dependencies. esbuild
    // marks every module it bundles from node_modules with a `// node_modules/...` comment: there must be none.
    expect(files.filter((f) => f.startsWith('dist/cli-chunks/'))).toEqual([])
    const bundled = files.filter((f) => f.endsWith('.js') && readFileSync(join(root, f), 'utf8').includes('// node_modules/'))
    expect(bundled).toEqual([])
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License/)
  })

  test('every runtime dependency is imported by the shipped code (the others are devDependencies)', () => {
    const deps = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies)
    const code = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(root, f), 'utf8')).join('\n')
    const imported = (dep: string) => new RegExp(`(?:from|import\\(|require\\()\\s*["']${dep.replace(/[/.]/g, '\\$&')}(?:/[^"']*)?["']`).test(code)
    expect(deps.filter((dep) => !imported(dep))).toEqual([])
  })

  test('its metadata is complete', () => {
    const meta = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
    for (const key of ['description', 'keywords', 'homepage', 'bugs', 'repository', 'author', 'license', 'engines']) expect([key, meta[key]]).not.toEqual([key, undefined])
    expect(meta.license).toBe('MIT')
    expect((meta.scripts as Record<string, string>).prepack).toBe('npm run build')
  })
})

describe.skipIf(!built)('installed into an empty project', () => {
  const installed = () => {
    if (offline) {
      console.warn(`package tests skipped: the tarball's dependencies could not be installed (${offline})`)
      return false
    }
    return true
  }
  const node = (args: string[]) => run(process.execPath, args, { cwd: consumer, maxBuffer: 1 << 26 })

  test('the preview-data command runs: version, validate, both importers', async (t) => {
    if (!installed()) return t.skip()
    const bin = join(consumer, 'node_modules/.bin/preview-data')
    expect((await run(bin, ['--version'], { cwd: consumer })).stdout.trim()).toBe(pkg.version)
    await run(bin, ['import', 'markdown', join(root, 'examples/site'), '-o', 'site.json'], { cwd: consumer })
    // Text goes to standard error (the CLI convention); exit 0 is the verdict.
    expect((await run(bin, ['validate', 'site.json'], { cwd: consumer })).stderr).toContain('site.json: valid')
    await run(bin, ['import', 'wordpress', join(root, 'examples/wordpress-export.xml'), '-o', 'wp.json'], { cwd: consumer })
    const wp = JSON.parse(readFileSync(join(consumer, 'wp.json'), 'utf8')) as { content: { posts: unknown[] } }
    expect(wp.content.posts.length).toBeGreaterThan(0)
  })

  test('every export subpath imports from ES modules', async (t) => {
    if (!installed()) return t.skip()
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './check', './cli-output.schema.json', './markdown', './media-dir', './package.json', './schema.json', './wordpress'])
    writeFileSync(
      join(consumer, 'esm.mjs'),
      `import { createPreviewData, validatePreviewData } from 'preview-data-sdk'
import { importMarkdown } from 'preview-data-sdk/markdown'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { readMediaDir } from 'preview-data-sdk/media-dir'
import { checkSite } from 'preview-data-sdk/check'
import schema from 'preview-data-sdk/schema.json' with { type: 'json' }
import meta from 'preview-data-sdk/package.json' with { type: 'json' }
import cliOutput from 'preview-data-sdk/cli-output.schema.json' with { type: 'json' }
const payload = createPreviewData({ generator: 'consumer', generated_at: '2026-01-01T00:00:00Z' })
  .site({ title: 'Consumer' }).author({ id: 'a', display_name: 'A' })
  .post({ title: 'Hello', author_id: 'a', published_at_iso: '2026-01-01', content: '# Hi' }).build()
const md = await importMarkdown(${JSON.stringify(join(root, 'examples/site'))})
const wp = await importWordPress(${JSON.stringify(join(root, 'examples/wordpress-export.xml'))})
console.log(JSON.stringify([validatePreviewData(payload).ok, md.ok, wp.payload.content.posts.length > 0, schema.$id, meta.version, typeof cliOutput.properties, (await readMediaDir(${JSON.stringify(join(root, 'examples/site'))})).size > 0, checkSite(payload).totals.documents]))
`,
    )
    const { stdout } = await node(['esm.mjs'])
    expect(JSON.parse(stdout)).toEqual([true, true, true, 'https://preview-data-sdk.dev/schema/preview-data.v0.7.schema.json', pkg.version, 'object', true, 1])
  })

  // The package is ES modules only; CommonJS loads it with require(esm), which Node has by default from 20.19 and 22.12.
  const requireEsm = (process.features as { require_module?: boolean }).require_module === true
  test.skipIf(!requireEsm)('CommonJS requires every code subpath (require(esm), Node 20.19 and later)', async (t) => {
    if (!installed()) return t.skip()
    writeFileSync(
      join(consumer, 'cjs.cjs'),
      `const sdk = require('preview-data-sdk')
const { importMarkdown } = require('preview-data-sdk/markdown')
const { importWordPress } = require('preview-data-sdk/wordpress')
const { readMediaDir } = require('preview-data-sdk/media-dir')
const { checkSite } = require('preview-data-sdk/check')
console.log(JSON.stringify([typeof sdk.createPreviewData, typeof importMarkdown, typeof importWordPress, typeof readMediaDir, typeof checkSite, require('preview-data-sdk/schema.json').title]))
`,
    )
    const { stdout } = await node(['--no-warnings', 'cjs.cjs'])
    expect(JSON.parse(stdout)).toEqual(['function', 'function', 'function', 'function', 'function', 'Preview Data v0.7'])
  })
  if (!requireEsm) test.skip(`CommonJS: this Node (${process.version}) has no require(esm); the package is ES modules only`, () => {})

  // No @types at all, not even Node's: the public types must compile on their own (issue 16 item 2).
  const modes: [string, Record<string, string>, string][] = [
    // TypeScript's node16 module mode has no import attributes, so the JSON subpath is imported in the bundler case.
    ['node16', { module: 'node16', moduleResolution: 'node16' }, ''],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }, "import schema from 'preview-data-sdk/schema.json' with { type: 'json' }\nexport const id: string = schema.$id\n"],
  ]
  for (const [name, options, json] of modes) test(`TypeScript with moduleResolution ${name} and no @types compiles a consumer of every subpath`, async (t) => {
    if (!installed()) return t.skip()
    const project = join(consumer, `ts-${name}`)
    mkdirSync(project, { recursive: true })
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...options, target: 'es2022', lib: ['es2023'], strict: true, noEmit: true, types: [], typeRoots: [], resolveJsonModule: true, skipLibCheck: false }, files: ['consumer.ts'] }),
    )
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }))
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createPreviewData, validatePreviewData } from 'preview-data-sdk'
import type { PreviewData, PreviewDataIssue, TimestampInput } from 'preview-data-sdk'
import { importMarkdown } from 'preview-data-sdk/markdown'
import type { ImportMarkdownResult } from 'preview-data-sdk/markdown'
import { importWordPress } from 'preview-data-sdk/wordpress'
import type { WordPressSource } from 'preview-data-sdk/wordpress'
${json}const when: TimestampInput = '2026-01-01'
const payload: PreviewData = createPreviewData({ generator: 'c', generated_at: when }).site({ title: 'T' }).build()
const issues: PreviewDataIssue[] = validatePreviewData(payload).errors
const md: Promise<ImportMarkdownResult> = importMarkdown('site')
const source: WordPressSource = 'export.xml'
export const all = [issues, md, importWordPress(source)]
`,
    )
    const result = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((error: { stdout: string }) => error)
    expect('stdout' in result ? result.stdout : '').toBe('')
  })

  // The README says a TypeScript CommonJS consumer compiles under module nodenext (TypeScript 5.8 and later, which
  // type require(esm)), and that node16 refuses it with TS1479; both halves are held here.
  test('TypeScript CommonJS: compiles under module nodenext, refused with TS1479 under node16', async (t) => {
    if (!installed()) return t.skip()
    const project = join(consumer, 'ts-cjs')
    mkdirSync(project, { recursive: true })
    writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'commonjs' }))
    writeFileSync(
      join(project, 'consumer.cts'),
      `import { createPreviewData } from 'preview-data-sdk'
import type { PreviewData } from 'preview-data-sdk'
import { importMarkdown } from 'preview-data-sdk/markdown'
const payload: PreviewData = createPreviewData({ generator: 'c', generated_at: '2026-01-01T00:00:00Z' }).site({ title: 'T' }).build()
export const all = [payload, importMarkdown]
`,
    )
    const compile = async (module: string) => {
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module, moduleResolution: module, target: 'es2022', lib: ['es2023'], strict: true, noEmit: true, types: [], typeRoots: [] }, files: ['consumer.cts'] }))
      const result = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((error: { stdout: string }) => error)
      return 'stdout' in result ? result.stdout : ''
    }
    expect(await compile('nodenext')).toBe('')
    expect(await compile('node16')).toContain('error TS1479')
  })
})
