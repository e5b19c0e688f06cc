/**
 * Markdown folders to mutate, and the mutations: the repository's fixture folders and example site whole, small
 * samples of the eight real sites in ../shared (their configuration files and a few documents, folders kept); text
 * mutations of documents, front matter and data files; and the file system's own hostile input — names that are not
 * UTF-8 or that mean something to a path, links out of the folder, in loops, to FIFOs and devices, special files.
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { link, makeFifo } from './_files.js'
import type { CaseDirs } from './_files.js'
import { controlChars, entities, flipBits, hugeAttribute, insertAt, invalidUtf8, mutate, nest, setBytes, splice, truncate } from './_mutate.js'
import type { Mutated, Mutator } from './_mutate.js'
import type { Random } from './_random.js'

export interface Site {
  name: string
  root: string
  /** Files, relative, `/`-separated. */
  files: string[]
  /** Whether a case copies all of it, or a sample. */
  whole: boolean
}

function walk(root: string): string[] {
  const out: string[] = []
  const go = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) go(r)
      else out.push(r)
    }
  }
  go('')
  return out.sort()
}

export function loadSites(repo: string, shared: string): Site[] {
  const sites: Site[] = []
  const fixtures = join(repo, 'test/fixtures/markdown')
  for (const d of readdirSync(fixtures)) {
    const root = join(fixtures, d, 'input')
    if (existsSync(root)) sites.push({ name: `fixtures/markdown/${d}`, root, files: walk(root), whole: true })
  }
  sites.push({ name: 'examples/site', root: join(repo, 'examples/site'), files: walk(join(repo, 'examples/site')), whole: true })
  // Small sites written for the fuzzer, of generators no fixture has (MkDocs with Material's syntax).
  const own = join(repo, 'test/fuzz/sites')
  for (const d of readdirSync(own)) sites.push({ name: `fuzz/sites/${d}`, root: join(own, d), files: walk(join(own, d)), whole: true })
  const real = join(shared, 'fixtures/markdown')
  if (existsSync(real)) {
    for (const d of readdirSync(real)) {
      const root = join(real, d)
      if (statSync(root).isDirectory()) sites.push({ name: `shared/markdown/${d}`, root, files: walk(root), whole: false })
    }
  }
  return sites
}

const TEXT = /\.(?:md|mdx|markdown|mdown|ya?ml|toml|json|html?|txt|js|mjs|cjs|ts)$/i
const DOC = /\.(?:md|mdx|markdown)$/i

/** Copies a site, or a sample of it (its top-level files, up to `docs` documents, their folders' other files). */
export function copySite(rnd: Random, site: Site, to: string, docs = 8): string[] {
  let files = site.files
  if (!site.whole) {
    const top = files.filter((f) => !f.includes('/') || /^(?:_data|data|config|i18n)\//.test(f))
    const documents = files.filter((f) => DOC.test(f))
    const chosen = new Set<string>(top.filter((f) => statSync(join(site.root, f)).size < 256 << 10))
    for (let i = 0; i < docs && documents.length > 0; i++) {
      const doc = rnd.pick(documents)
      chosen.add(doc)
      // Its images and neighbours, which its links may name.
      const dir = dirname(doc)
      for (const f of files) if (dirname(f) === dir && !DOC.test(f) && chosen.size < 60 && statSync(join(site.root, f)).size < 1 << 20) chosen.add(f)
    }
    files = [...chosen].sort()
  }
  for (const f of files) {
    const target = join(to, f)
    mkdirSync(dirname(target), { recursive: true })
    const st = lstatSync(join(site.root, f))
    // Links in the fixtures (symlink-outside) stay links; their targets do not come along.
    if (st.isSymbolicLink()) continue
    copyFileSync(join(site.root, f), target)
  }
  return files
}

/** A front matter block that breaks a rule; `{canary}` stands for a path to the canary file outside the folder. */
function hostileFrontMatter(rnd: Random, secret: string): string {
  const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n')
  const up = '../'.repeat(rnd.range(1, 6))
  const choices = [
    '---\ntitle: One\ntitle: Two\ndate: 2024-01-01\n---\n',
    '+++\ntitle = "One"\ntitle = "Two"\n+++\n',
    '+++\n[params]\n[params]\nx = 1\n+++\n',
    '{\n"title": "One",\n"title": "Two",\n"date": "2024-01-01"\n}\n',
    "---js\nmodule.exports = { title: require('child_process').execSync('id').toString() }\n---\n",
    "---javascript\n({ title: process.exit(3) })\n---\n",
    '---coffee\ntitle: "x"\n---\n',
    '---\ntitle: !!js/function "function () { return 1 }"\nx: !!binary aGVsbG8=\ny: !!python/object/apply:os.system ["id"]\n---\n',
    `---\n${laughs}\ntitle: Laughs\n---\n`,
    '---\n__proto__:\n  polluted: true\ntitle: Proto\nconstructor:\n  prototype:\n    polluted: true\n---\n',
    '---\n<<: {__proto__: {polluted: true}}\ntitle: Merge\n---\n',
    '+++\ntitle = "Proto"\n[__proto__]\npolluted = true\n[constructor.prototype]\npolluted = true\n+++\n',
    '{"title": "Proto", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}\n',
    `---\ntitle: Deep\nx: ${'['.repeat(rnd.pick([100, 5_000, 50_000]))}\n---\n`,
    `---\ntitle: Deep\n${Array.from({ length: rnd.pick([50, 500]) }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} 1\n---\n`,
    `---\ntitle: ${'x'.repeat(rnd.pick([1 << 16, 1 << 20]))}\n---\n`,
    '---\ntitle: [1, 2]\ndate: {a: 1}\ntags: "a, b"\ncategories: [[], {}]\ndraft: "false"\n---\n',
    '---\ntitle: null\ndate: 2024-02-30\n---\n',
    '---\ntitle: ""\ndate: 99999-01-01\nlastmod: -1\n---\n',
    '---\ntitle: Slug\nslug: ../../etc\nurl: "javascript:alert(1)"\npermalink: /../../x/\n---\n',
    '---\ntitle: Alias\naliases: ["/old\\n/evil https://evil.example 301", "//evil.example", "/a b", "/$host"]\nredirect_from: ["/x\\r\\n/* /y 200"]\n---\n',
    `---\ntitle: Cover\ncover: ${up}outside/secret.png\nimage: ${secret}\nfeatured_image: /etc/passwd\nauthor: ${up}outside/secret\n---\n`,
    '---\ntitle: Layout\nlayout: ../../../../etc/passwd\n---\n',
    '---\ntitle: Unterminated\ndate: 2024-01-01\n',
    '\ufeff---\ntitle: BOM\n---\n',
    '---\r\ntitle: CRLF\r\ndate: 2024-01-01\r\n---\r\n',
    '---\rtitle: CR\r---\r',
    '---\ntitle: "\\u202egnp.exe \\u0000 \\u001b[2J"\n---\n',
    `---\ntitle: Many\ntags: [${Array.from({ length: 20_000 }, (_, i) => `t${i}`).join(',')}]\n---\n`,
    // Chirpy's image folder out of the site, as a URL, and with a long run inside; Minimal Mistakes' helper lists.
    `---\ntitle: Subpath\nmedia_subpath: ${up}outside\nimg_path: https://evil.example/\nimage: { path: secret.png }\n---\n`,
    `---\ntitle: Subpath\nmedia_subpath: "/${'/'.repeat(rnd.pick([1_000, 50_000]))}x"\n---\n`,
    // Hexo: categories a hierarchy thousands deep, a permalink and category names that reach a redirect file.
    `---\ntitle: Deep categories\ncategories: [[${Array.from({ length: rnd.pick([100, 5_000]) }, (_, i) => `c${i}`).join(',')}]]\n---\n`,
    '---\ntitle: Hexo\npermalink: "/x\\r\\n/* https://evil.example 200"\ncategories: ["a\\r\\n/* /evil 301", "..", "%2e%2e"]\nabbrlink: "../../x"\n---\n',
    `---\ntitle: Gallery\ngallery: [${Array.from({ length: 20_000 }, (_, i) => `{image_path: /i${i}.png}`).join(',')}]\nfeature_row: &r [{title: a, url: "javascript:alert(1)"}, *r]\n---\n`,
  ]
  return rnd.pick(choices)
}

/** Body content that reaches for files outside the folder, or nests or repeats past any real site. */
function hostileBody(rnd: Random, secret: string): string {
  const up = '../'.repeat(rnd.range(1, 6))
  const depth = rnd.pick([100, 2_000, 20_000])
  return rnd.pick([
    `![leak](${up}outside/secret.png)`,
    `![leak](${secret})`,
    `[leak](${up}outside/secret.md)`,
    `<img src="${up}outside/secret.png" alt="a>b">`,
    '![passwd](/etc/passwd)',
    `{{< readfile "${secret}" >}}`,
    `{{< readfile file="${up}outside/secret.md" >}}`,
    `{{% include "${up}outside/secret.md" %}}`,
    `{% include_relative ${up}outside/secret.md %}`,
    `{% include ${up}${up}outside/secret.md %}`,
    `{% include_relative /${secret} %}`,
    `import Secret from '${up}outside/secret.md'\n\n<Secret />`,
    `{${'('.repeat(depth)}1${')'.repeat(depth)}}`,
    '{{< x >}}'.repeat(depth),
    '{% if a %}'.repeat(depth) + '{% endif %}'.repeat(depth),
    '<X>'.repeat(depth) + '</X>'.repeat(depth),
    Array.from({ length: Math.min(depth, 2_000) }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
    '>'.repeat(depth) + ' deep quote',
    '['.repeat(depth) + 'x' + '](y)'.repeat(depth),
    '*'.repeat(depth) + 'x' + '*'.repeat(depth),
    '```\n'.repeat(1_000),
    '<!--more-->'.repeat(1_000),
    '<!-- truncate -->\n'.repeat(1_000),
    '[x]: <>\n'.repeat(5_000),
    '| a |'.repeat(5_000) + '\n' + '|---|'.repeat(5_000),
    `<a href="${'%'.repeat(50_000)}">x</a>`,
    'word '.repeat(500_000),
    // Syntax session 7 taught the importer: kramdown attribute lists and extensions, GitHub alerts, theme helpers and
    // Hugo theme shortcodes, each nested, repeated, unclosed or with a long run of blanks inside a line.
    '{::comment}'.repeat(depth) + 'x' + '{:/comment}'.repeat(Math.floor(depth / 2)),
    '{::nomarkdown}\n'.repeat(depth),
    'para\n{: .note}\n'.repeat(depth),
    `# T${' '.repeat(depth * 5)}x {#a}\n{: #b}`,
    `> [!NOTE] a${' '.repeat(depth * 5)}b\n> text`,
    '> [!WARNING]\n' + '>'.repeat(depth) + ' x\n' + 'lazy\n'.repeat(Math.min(depth, 2_000)),
    '{% include gallery %}\n'.repeat(1_000) + '{% include feature_row id="__proto__" %}{% include feature_row id="constructor" %}',
    `{% include figure image_path="${up}outside/secret.png" caption="<script>x</script>" %}`,
    '{{< tabs >}}{{% tab "a" %}}'.repeat(depth) + '{{< /tabs >}}'.repeat(depth),
    '{{< alert title="x" >}}\n'.repeat(depth),
    `<!--DOCUSAURUS_CODE_TABS-->\n<!-- a${' '.repeat(depth * 5)}b -->\n\`\`\`js\nx\n\`\`\`\n<!--END_DOCUSAURUS_CODE_TABS-->`,
    `::: code-group\n\`\`\`js${' '.repeat(depth * 5)}x [a]\nx\n\`\`\`\n:::`,
    // Syntax session 8 taught the importer: MkDocs snippets and Material's blocks, Hexo's and NexT's tags, Hugo theme
    // shortcodes — reaching out of the folder, including themselves, nested, repeated, with long runs of blanks.
    `--8<-- "${up}outside/secret.md"`,
    `--8<-- "${secret}"`,
    '--8<-- "https://evil.example/x.md"',
    `--8<--\n${up}outside/secret.md\n${secret}\ndocs/index.md\n--8<--`,
    '--8<-- "docs/index.md"\n'.repeat(Math.min(depth, 2_000)),
    '--8<-- "snippets/part.md"\n'.repeat(depth),
    `--8<-- a${' '.repeat(depth * 5)}b`,
    `!!!${' '.repeat(depth * 5)}"x`,
    Array.from({ length: Math.min(depth, 2_000) }, (_, i) => `${'    '.repeat(i)}!!! note "n${i}"`).join('\n'),
    '=== "Tab"\n    x\n'.repeat(depth),
    '???+ note\n'.repeat(depth),
    `{% include_code ${up}outside/secret.md %}`,
    `{% include_code ${secret} %}`,
    `{% asset_img ${up}outside/secret.png "a" %}`,
    `{% post_link ${up}${up}x %}`,
    `{% img /a.png '"a"${' '.repeat(depth * 5)}x' %}`,
    '{% note info %}\n'.repeat(depth) + '{% endnote %}\n'.repeat(depth),
    '{% tabs t %}\n<!-- tab a -->\n'.repeat(depth),
    `{{< include "${up}outside/secret.md" >}}`,
    '{{< include "index.md" >}}\n'.repeat(Math.min(depth, 2_000)),
    '{{< admonition type=note title="x" >}}\n'.repeat(depth),
    '{{< tabs items="a,b" >}}{{< tab >}}'.repeat(depth),
  ])
}

const frontMatter: (secret: string) => Mutator = (secret) => (rnd, input) => {
  const block = hostileFrontMatter(rnd, secret)
  const text = input.toString('utf8')
  // Replace the file's own front matter, or put the block before the body.
  const own = /^(?:---|\+\+\+)[\s\S]*?\n(?:---|\+\+\+)\r?\n/.exec(text)
  const rest = own ? text.slice(own[0].length) : text
  return { bytes: Buffer.from(block + rest), did: `front matter ${JSON.stringify(block.slice(0, 60))}${block.length > 60 ? `… (${block.length})` : ''}` }
}

const body: (secret: string) => Mutator = (secret) => (rnd, input) => {
  const piece = hostileBody(rnd, secret)
  const m = insertAt(rnd, input, Buffer.from(`\n\n${piece}\n\n`), ['line end'])
  return { bytes: m.bytes, did: `body ${JSON.stringify(piece.slice(0, 60))}${piece.length > 60 ? `… (${piece.length})` : ''} at ${m.at}` }
}

export function textMutators(secret: string): ReadonlyArray<readonly [Mutator, number]> {
  return [
    [truncate(['front matter', 'multi-byte character', 'tag', 'entity', 'line end', 'anywhere']), 5],
    [flipBits, 2],
    [setBytes, 2],
    [invalidUtf8, 3],
    [controlChars, 3],
    [entities, 2],
    [nest('<div>', '</div>', ['line end']), 1],
    [hugeAttribute, 1],
    [splice, 2],
    [frontMatter(secret), 8],
    [body(secret), 6],
  ]
}

// Names a file system allows and a path or a report may not: bytes that are not UTF-8 (Latin-1, an encoded surrogate,
// an overlong "/"), dots, a leading dash or space, characters Windows reserves, a newline, a bidi override, a name
// of 255 bytes, a name the NFC form of another, names a URL reads otherwise.
const HOSTILE_NAMES: Array<string | Buffer> = [
  Buffer.from([0x66, 0xff, 0xfe, 0x2e, 0x6d, 0x64]),
  Buffer.from('caf\xe9.md', 'latin1'),
  Buffer.from([0xed, 0xa0, 0x80, 0x2e, 0x6d, 0x64]),
  Buffer.from([0xc0, 0xaf, 0x2e, 0x6d, 0x64]),
  Buffer.from([0x80, 0x2e, 0x6d, 0x64]),
  '..md',
  '...md',
  'a..b.md',
  '.hidden.md',
  '-rf.md',
  '--help.md',
  ' leading.md',
  'trailing .md',
  `${'x'.repeat(252)}.md`,
  'a:b.md',
  'a*b?.md',
  'a"b<c>|.md',
  'back\\slash.md',
  'new\nline.md',
  'tab\t.md',
  'carriage\rreturn.md',
  'esc\x1b[31m.md',
  '%2e%2e%2fetc.md',
  '%zz.md',
  'CON.md',
  'nul.md',
  'q?x=1#frag.md',
  '\u202eevil.md',
  'e\u0301.md',
  '\u00e9.md',
  'INDEX.md',
  '🎉.md',
  'x.MD',
  'x.md.md',
  '_index.md',
  'index.md',
  '_drafts',
  '.md',
  ' .md',
  '$HOME.md',
  '`id`.md',
  '*.md',
]

function anyDir(rnd: Random, site: string): string {
  const dirs: string[] = ['']
  const go = (rel: string) => {
    for (const e of readdirSync(join(site, rel), { withFileTypes: true })) {
      if (!e.isDirectory()) continue
      const r = (rel ? `${rel}/` : '') + e.name
      dirs.push(r)
      go(r)
    }
  }
  go('')
  return rnd.pick(dirs)
}

function anyDoc(rnd: Random, files: string[]): string | undefined {
  const docs = files.filter((f) => DOC.test(f))
  return docs.length ? rnd.pick(docs) : undefined
}

const DOC_TEXT = '---\ntitle: Hostile name\ndate: 2024-01-01\n---\n\nA document with a hostile name.\n'

/** One change to the folder's files themselves. */
export function fileSystemMutation(rnd: Random, site: string, files: string[], dirs: CaseDirs): string {
  const kind = rnd.weighted([
    ['name', 5],
    ['link', 6],
    ['fifo', 1],
    ['folder named .md', 1],
    ['deep folders', 1],
    ['many files', 1],
    ['odd file', 2],
    ['image', 2],
  ] as const)
  const dir = anyDir(rnd, site)
  const at = (name: string | Buffer) => (typeof name === 'string' ? join(site, dir, name) : Buffer.concat([Buffer.from(join(site, dir) + '/'), name]))
  const show = (name: string | Buffer) => JSON.stringify(typeof name === 'string' ? name : name.toString('latin1'))
  switch (kind) {
    case 'name': {
      const name = rnd.pick(HOSTILE_NAMES)
      const doc = anyDoc(rnd, files)
      const target = at(name)
      try {
        if (doc && rnd.chance(0.5)) renameSync(join(site, doc), target)
        else writeFileSync(target, rnd.chance(0.5) && doc ? readFileSync(join(site, doc)) : DOC_TEXT)
      } catch (error) {
        return `a file named ${show(name)} could not be made (${(error as NodeJS.ErrnoException).code})`
      }
      return `a document named ${show(name)} in ${JSON.stringify(dir || '.')}`
    }
    case 'link': {
      const name = rnd.pick(['leak.md', 'index.md', 'loop', 'hugo.toml', 'config.toml', '_config.yml', 'site.yml', 'authors.yml', 'docusaurus.config.js', 'astro.config.mjs', 'package.json', 'logo.png', 'static', 'posts', 'content', '_data', 'data.yml'])
      const target = rnd.pick([dirs.secret, join(dirs.outside, 'secret.png'), join(dirs.outside, 'dir'), dirs.outside, '/etc/passwd', '/etc', '/dev/zero', '/dev/urandom', '/dev/null', '/proc/self/mem', join(dirs.outside, 'fifo'), join(dirs.outside, 'gone'), '.', '..', '../..', name, 'loop-b'])
      if (target === join(dirs.outside, 'fifo')) makeFifo(target)
      const path = join(site, dir, name)
      // The relative targets are loops: to the folder itself, its parents, itself by name.
      const made = link(target, path) || link(target, join(site, dir, `${name}-2`))
      if (target === 'loop-b') link(name, join(site, dir, 'loop-b'))
      return made ? `a link ${JSON.stringify(join(dir, name))} -> ${target}` : `a link to ${target} could not be made`
    }
    case 'fifo': {
      const name = rnd.pick(['fifo.md', 'hugo.toml', '_config.yml', 'site.yml', 'authors.yml', 'logo.png'])
      return makeFifo(join(site, dir, name)) ? `a FIFO ${JSON.stringify(join(dir, name))}` : 'no mkfifo'
    }
    case 'folder named .md': {
      mkdirSync(join(site, dir, 'folder.md', 'inner.md'), { recursive: true })
      return `folders named ${join(dir, 'folder.md/inner.md')}`
    }
    case 'deep folders': {
      const depth = rnd.pick([20, 100, 400])
      const path = join(site, dir, ...Array(depth).fill('d'))
      try {
        mkdirSync(path, { recursive: true })
        writeFileSync(join(path, 'deep.md'), DOC_TEXT)
      } catch (error) {
        return `folders ${depth} deep could not be made (${(error as NodeJS.ErrnoException).code})`
      }
      return `a document ${depth} folders deep`
    }
    case 'many files': {
      const n = rnd.pick([200, 1_000])
      for (let i = 0; i < n; i++) writeFileSync(join(site, dir, `many-${i}.md`), `---\ntitle: Same title\nslug: same\n---\n${i}\n`)
      return `${n} documents with one title and slug`
    }
    case 'odd file': {
      const which = rnd.pick(['empty', 'only front matter', 'nul bytes', 'over the size limit', 'utf-16', 'binary'] as const)
      const path = join(site, dir, `odd-${which.replace(/ /g, '-')}.md`)
      const bytes =
        which === 'empty'
          ? Buffer.alloc(0)
          : which === 'only front matter'
            ? Buffer.from('---\n---\n')
            : which === 'nul bytes'
              ? Buffer.alloc(4096)
              : which === 'over the size limit'
                ? Buffer.alloc(5 << 20, 0x61)
                : which === 'utf-16'
                  ? Buffer.from('\ufeff---\ntitle: UTF-16\n---\n\nbody\n', 'utf16le')
                  : rnd.bytes(8192)
      writeFileSync(path, bytes)
      return `a document that is ${which}`
    }
    case 'image': {
      // Image headers that lie: a PNG claiming 2^31 pixels, a truncated JPEG, an SVG with an entity bomb.
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
      const size = Buffer.alloc(8)
      size.writeUInt32BE(0x7fffffff, 0)
      size.writeUInt32BE(0x7fffffff, 4)
      const images: Array<[string, Buffer]> = [
        ['huge.png', Buffer.concat([png, size])],
        ['cut.jpg', Buffer.from('ffd8ffe000104a464946', 'hex')],
        ['bomb.svg', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg width="&b;" height="1e999" xmlns="http://www.w3.org/2000/svg"/>')],
        ['zero.gif', Buffer.from('GIF89a\0\0\0\0')],
        ['noise.webp', rnd.bytes(64)],
      ]
      const [name, bytes] = rnd.pick(images)
      writeFileSync(join(site, dir, name), bytes)
      // An earlier mutation of the same case may have renamed the document away: then the image is used by none.
      const picked = anyDoc(rnd, files)
      const doc = picked && existsSync(join(site, picked)) ? picked : undefined
      if (doc) {
        const from = relative(dirname(join(site, doc)), join(site, dir, name)) || name
        writeFileSync(join(site, doc), Buffer.concat([readFileSync(join(site, doc)), Buffer.from(`\n\n![lying image](${from})\n`)]))
      }
      return `an image ${JSON.stringify(join(dir, name))}${doc ? ` used by ${doc}` : ''}`
    }
  }
}

/** Mutates one of the folder's text files (documents most often). */
export function mutateText(rnd: Random, site: string, files: string[], secret: string): Mutated | undefined {
  const texts = files.filter((f) => TEXT.test(f) && existsSync(join(site, f)) && lstatSync(join(site, f)).isFile())
  if (texts.length === 0) return undefined
  const docs = texts.filter((f) => DOC.test(f))
  const file = docs.length > 0 && rnd.chance(0.8) ? rnd.pick(docs) : rnd.pick(texts)
  const m = mutate(rnd, readFileSync(join(site, file)), textMutators(secret), rnd.range(1, 3))
  writeFileSync(join(site, file), m.bytes)
  return { bytes: m.bytes, did: `${file}: ${m.did}` }
}
