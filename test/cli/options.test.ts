// Issue 15 item 11: every value option is checked before any work, and the refusal names the rule and gives an
// example. The inputs here are broken (a truncated export, a Markdown file that does not parse), so any reading would
// show in the output; nothing may be written either.
import { cpSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli, repo, resultOf, tempDir, wxrFixtures } from './_helpers.js'

function setUp() {
  const dir = tempDir('pd-opt-')
  cpSync(join(wxrFixtures, 'truncated.xml'), join(dir, 'export.xml'))
  cpSync(join(repo, 'examples/site'), join(dir, 'site'), { recursive: true })
  writeFileSync(join(dir, 'site/posts/broken.md'), '---\ntitle: [unclosed\n---\n')
  return dir
}

const WP = ['import', 'wordpress', 'export.xml', '-o', 'p.json']
const MD = ['import', 'markdown', 'site', '-o', 'p.json']

describe.each([
  // [argv, the rule, the example]
  [[...WP, '--generated-at', 'yesterday'], 'is not an RFC 3339 date-time', 'for example: --generated-at 2026-05-01T09:00:00Z'],
  [[...WP, '--generated-at', '2026-02-30T00:00:00Z'], 'has day 30, but 2026-02 has 28 days', 'for example: --generated-at 2026-05-01T09:00:00Z'],
  [[...MD, '--generated-at', '2026-05-01'], 'is a date without a time', 'for example: --generated-at 2026-05-01T09:00:00Z'],
  [[...MD, '--timezone', 'Mars/Olympus'], 'is not "UTC", a fixed offset', 'for example: --timezone Europe/Lisbon'],
  [[...MD, '--timezone', '+00:00'], 'is a zero offset; use "UTC"', 'for example: --timezone Europe/Lisbon'],
  [[...WP, '--media-to', 'media/'], 'is a relative path without a scheme', 'for example: --media-to /media/'],
  [[...WP, '--media-to', 'javascript:alert(1)'], 'only http and https are allowed', 'for example: --media-to /media/'],
  [[...WP, '--media-to', '/media/?x'], 'has a query or fragment', 'for example: --media-to /media/'],
  [[...WP, '--media-from', '/wp-content/uploads/', '--media-to', '/media/'], 'is a path, not an absolute URL', 'for example: --media-from https://old.example/wp-content/uploads/'],
  [[...WP, '--media-from', 'https://u:p@old.example/', '--media-to', '/media/'], 'has credentials', 'for example: --media-from https://old.example/wp-content/uploads/'],
  [[...WP, '--media-from', 'https://old.example/'], '--media-from needs --media-to', ''],
  [[...WP, '--password-protected', 'publish'], '--password-protected must be one of skip, draft; got "publish"', 'For example: --password-protected skip'],
  [[...WP, '--status-policy', 'publish'], '--status-policy must be one of draft, skip; got "publish"', 'For example: --status-policy draft'],
  [[...WP, '--drafts', 'all'], '--drafts must be one of include, exclude (or the older draft, skip); got "all"', 'For example: --drafts include'],
  [[...WP, '--drafts', 'include', '--status-policy', 'skip'], '--drafts and --status-policy disagree', ''],
  [[...WP, '--redirects', 'r', '--redirects-format', 'apache'], '--redirects-format must be one of netlify, nginx, json; got "apache"', 'For example: --redirects-format netlify'],
  [[...WP, '--redirects-format', 'nginx'], '--redirects-format needs --redirects <file>', ''],
  [[...WP, '--report', ''], '--report needs a file name', 'For example: --report report.json'],
  [[...WP, '--format', 'yaml'], '--format must be one of text, json; got "yaml"', 'For example: --format text'],
  [[...MD, '--preset', 'zola'], '--preset must be one of auto, native, plain, hugo, jekyll, docusaurus, astro, starlight, eleventy, nextjs, gatsby, vuepress, vitepress, hexo, mkdocs; got "zola"', 'For example: --preset auto'],
  [[...MD, '--media-path', 'media'], 'does not begin with "/"', 'for example: --media-path /media'],
  [[...MD, '--posts-dir', '../elsewhere'], 'must be a folder inside the input folder', 'For example: --posts-dir posts'],
  [[...MD, '--pages-dir', '/etc'], 'must be a folder inside the input folder', 'For example: --pages-dir pages'],
  [[...MD, '--max-file-bytes', '1e6'], 'must be a whole number of at least 1; got "1e6"', 'For example: --max-file-bytes 4194304'],
  [[...MD, '--max-file-bytes', '0'], 'must be a whole number of at least 1', 'For example: --max-file-bytes 4194304'],
  [['canonicalize', 'x.json', '-o', ''], '-o needs a file name', 'For example: -o canonical.json'],
] as const)('%j', (argv, rule, example) => {
  test('is refused before any work, with the rule and an example', async () => {
    const dir = setUp()
    const run = await cli([...argv], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(rule)
    expect(run.stderr).toContain(example)
    expect(run.stderr).not.toMatch(/truncated|front_matter|broken\.md/)
    expect(readdirSync(dir).sort()).toEqual(['export.xml', 'site'])
  })
})

test('a site file that breaks the contract is reported with its pointer before anything is imported', async () => {
  const dir = setUp()
  writeFileSync(join(dir, 'site.yml'), 'title: Mine\ncomments:\n  enabled: true\n  api_base_url: /c\n  provider: disqus\n')
  for (const argv of [[...MD, '--site', 'site.yml'], [...WP, '--site', 'site.yml']]) {
    const run = await cli(argv, dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^site\.yml: error \[invalid_value\] \/site\/comments\/provider /)
    expect(run.stderr).not.toMatch(/truncated|front_matter/)
  }
})

test.each([
  ['a prototype key', 'title: Mine\n__proto__:\n  polluted: true\n', /\[invalid_site_file\] \/__proto__ the key "__proto__" is not a site setting/],
  ['broken YAML', 'title: [unclosed\n', /^site\.yml:\d+:\d+: error \[invalid_site_file\] not valid YAML/],
  ['a list', '- title: Mine\n', /must hold a map of site settings/],
])('a site file with %s is refused', async (_name, content, message) => {
  const dir = setUp()
  writeFileSync(join(dir, 'site.yml'), content)
  const run = await cli([...WP, '--site', 'site.yml'], dir)
  expect(run.code).toBe(1)
  expect(run.stderr).toMatch(message)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

// A new user's typo gets the option they meant, not Node's note on positionals with its quote left open.
describe('option typos and missing values', () => {
  test.each([
    [['validate', '--bogus', 'p.json'], "preview-data validate: Unknown option '--bogus'\n"],
    [['validate', '--json', 'p.json'], "preview-data validate: Unknown option '--json'; did you mean --format json?\n"],
    [['check', 'p.json', '--json'], "preview-data check: Unknown option '--json'; did you mean --format json?\n"],
    [['validate', '--verbos', 'p.json'], "preview-data validate: Unknown option '--verbos'; did you mean --verbose?\n"],
    [['canonicalize', 'p.json', '--ouput', 'c.json'], "preview-data canonicalize: Unknown option '--ouput'; did you mean --output?\n"],
    [['canonicalize', 'p.json', '--in-plac'], "preview-data canonicalize: Unknown option '--in-plac'; did you mean --in-place?\n"],
    [['import', 'markdown', 'site', '-o', 'p.json', '--redirect', 'r.json'], "preview-data import markdown: Unknown option '--redirect'; did you mean --redirects?\n"],
    [['import', 'wordpress', 'export.xml', '-o', 'p.json', '--download-medai'], "preview-data import wordpress: Unknown option '--download-medai'; did you mean --download-media?\n"],
    [['validate', '-draft.json'], 'preview-data validate: Unknown option \'-d\'; a file whose name starts with "-" goes after "--": -- -draft.json\n'],
    [['validate', '--old.json'], 'preview-data validate: Unknown option \'--old.json\'; a file whose name starts with "-" goes after "--": -- --old.json\n'],
    [['validate', '--format'], 'preview-data validate: --format needs a value, for example: --format <value>\n'],
    [['canonicalize', 'p.json', '-o'], 'preview-data canonicalize: -o, --output needs a value, for example: --output <value>\n'],
    [['validate', '--quiet=yes', 'p.json'], 'preview-data validate: -q, --quiet takes no value; write it alone\n'],
  ])('%j', async (argv, first) => {
    const dir = setUp()
    const run = await cli(argv, dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`${first}Run "preview-data ${argv[0] === 'import' ? `import ${argv[1]}` : argv[0]} --help" for usage.\n`)
  })
})

// "With --format json, every command prints exactly one document": import without markdown or wordpress too.
test.each([[['import', '--format', 'json']], [['import', 'markdwn', 'site', '--format=json']]])('%j: a usage error, as the result document too', async (argv) => {
  const run = await cli(argv, tempDir('pd-opt-'))
  expect(run.code).toBe(2)
  expect(run.stderr).toMatch(/^preview-data import: expected "markdown" or "wordpress"/)
  const result = resultOf(run)
  expect(result).toMatchObject({ ok: false, command: 'import', summary: {}, diagnostics: [{ severity: 'error', code: 'usage_error' }] })
  expect(result.diagnostics[0].message).toMatch(/^expected "markdown" or "wordpress" after import, got (nothing|"markdwn")$/)
})
