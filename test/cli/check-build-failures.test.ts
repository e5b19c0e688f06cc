// `preview-data check` says what a build of the payload gets wrong. A payload the contract's validator accepts can
// still fail the build (the contract's "Build failures"): the post index and a page both own "/", or two documents
// write one file. The command reported such a payload as fine (exit 0, only empty-body warnings).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { cli, resultOf, tempDir } from './_helpers.js'

let dir: string

/** A valid payload by hand (the builder refuses these at build), changed by `edit`. */
function payload(edit: (p: { site: Record<string, unknown>; content: { pages: Record<string, unknown>[] } }) => void): string {
  const p = {
    version: '0.7',
    generator: 'hand',
    generated_at: '2026-01-01T00:00:00Z',
    site: { title: 'T', description: '', url: '', media_origin: '', locale: 'en-US', posts_per_page: 10, date_style: 'medium', time_style: 'short', timezone: 'UTC' },
    content: {
      authors: [{ id: 'a', display_name: 'A' }],
      posts: [{ public_id: 1, title: 'P', slug: 'p', content: 'Hi', document_type: 'markdown', excerpt: '', published_at_iso: '2024-01-01T00:00:00Z', updated_at_iso: '2024-01-01T00:00:00Z', author_id: 'a', status: 'published', category_slugs: [], tag_slugs: [] }],
      pages: [{ title: 'About', slug: 'about', content: 'Us', document_type: 'markdown', status: 'published' }],
      categories: [],
      tags: [],
    },
  }
  edit(p)
  return JSON.stringify(p)
}

beforeAll(() => {
  dir = tempDir('pd-check-build-')
  writeFileSync(join(dir, 'root.json'), payload((p) => void (p.site.front_page = { type: 'page', page_path: 'about' })))
  writeFileSync(join(dir, 'same-file.json'), payload((p) => void (p.content.pages[0].path = 'posts/p')))
})

const cases = [
  { file: 'root.json', code: 'post_index_conflict', path: '/site/post_index' },
  { file: 'same-file.json', code: 'duplicate_output_path', path: '/content/pages/0' },
]

test.each(cases)('$file: valid, but its build fails with $code: exit 1, and the message says what to do', async ({ file, code, path }) => {
  const validate = await cli(['validate', file], dir)
  expect(validate.code).toBe(0) // the contract's validator accepts it: this is a build failure, not a contract error
  const run = await cli(['check', file], dir)
  expect(run.code).toBe(1)
  expect(run.stderr).toContain(`${file}: error [${code}] ${path} `)
  expect(run.stderr).toContain(`${file}: valid, but a build of it fails (1 problem), so nothing else was checked`)
  const json = resultOf(await cli(['check', file, '--format', 'json'], dir))
  expect(json).toMatchObject({ ok: false, command: 'check', summary: { file, valid: true, builds: false }, diagnostics: [{ severity: 'error', code, path, file }] })
  expect(json.diagnostics).toHaveLength(1)
})

test('the help says so', async () => {
  const run = await cli(['check', '--help'], dir)
  expect(run.stdout).toContain('build failures (the\npost index and a page both at "/", two documents writing one file)')
  expect(run.stdout).toContain('1 errors, an invalid payload or one whose\nbuild fails')
})
