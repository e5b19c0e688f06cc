/**
 * A deterministic generator of native-layout Markdown sites shaped like the real ones in
 * ../shared/fixtures/markdown, in the proportions `bench/proportions.ts` measures there (run
 * `npx tsx bench/proportions.ts markdown <dir>` to compare):
 * - front matter in YAML (quoted and unquoted dates, offsets without a colon, block and flow lists, folded
 *   descriptions, nested `cover`/`params` maps, aliases), TOML and JSON, and a few files with none;
 * - authors by registry key, by display name, several in one string, or none;
 * - bodies of log-normal size (median 4 KB) with headings, lists, code fences, tables, raw HTML, admonitions,
 *   external links and relative links to other posts and pages, `<!--more-->` markers;
 * - release notes like Node.js's: hundreds of commit lines with links, 30–800 KB, about one post in twenty;
 * - images: co-located with a post in its own folder (`posts/x/index.md` + `diagram.png`), under `static/`
 *   (`/images/…`), external, and a few missing, as the Docusaurus fixture has;
 * - mostly English with Chinese, Persian, Russian and Greek posts (and their file names), emoji, accents;
 * - file names with version dots (`v20.1.0.md`) and `YYYY-MM-DD-` prefixes; nested pages with `index.md`.
 * The same count always gives the same bytes.
 *
 * Usage: npx tsx bench/generate-markdown-site.ts <files> <out-dir>
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { logNormal, prng, textSource } from './text.js'
import type { Lang, TextSource } from './text.js'

const LANGS: Array<[Lang, number]> = [['en', 0.9], ['zh', 0.04], ['fa', 0.025], ['ru', 0.025], ['el', 0.01]]
const CATEGORIES = ['release', 'weekly', 'announcements', 'community', 'security', 'travel', 'notes', '旅行']
const AUTHORS: Array<[string, string]> = [
  ['ana', 'Ana Lima'], ['bruno', 'Bruno Costa'], ['chen', '陈明'], ['dana', 'Dana Nováková'], ['emeka', 'Emeka Obi'],
  ['michael', 'Michaël Zasso'], ['sara', 'سارا احمدی'], ['olga', 'Ольга Смирнова'], ['project', 'The Bench Project'],
]

type Post = { rel: string; title: string; lang: Lang }

/** Writes a native Markdown site of `files` documents (95% posts, 5% pages) into `out`, replacing what was there. */
export async function generateMarkdownSite(files: number, out: string): Promise<void> {
  await rm(out, { recursive: true, force: true })
  await new MarkdownSite(files, out).write()
}

class MarkdownSite {
  private readonly t: TextSource
  private readonly made = new Set<string>()
  private readonly posts: Post[] = []
  private readonly pages: string[] = []
  private readonly staticImages: string[] = []
  /** Images a body refers to, written after it. */
  private readonly queued = new Map<string, Uint8Array | string>()

  constructor(
    private readonly files: number,
    private readonly out: string,
  ) {
    this.t = textSource(prng(files), 0.002)
  }

  private async flush(): Promise<void> {
    for (const [rel, content] of this.queued) await this.put(rel, content)
    this.queued.clear()
  }

  private async put(rel: string, content: string | Uint8Array): Promise<void> {
    const dir = path.dirname(path.join(this.out, rel))
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true })
      this.made.add(dir)
    }
    await writeFile(path.join(this.out, rel), content)
  }

  private lang(): Lang {
    let r = this.t.rand()
    for (const [lang, p] of LANGS) if ((r -= p) < 0) return lang
    return 'en'
  }

  async write(): Promise<void> {
    const t = this.t
    await this.put('site.yml', 'title: Bench Notes\ndescription: "Releases, notes & travel: a generated site"\nurl: https://bench.example\ntimezone: Europe/Lisbon\nlocale: en-GB\nposts_per_page: 12\nstatic_dirs: [static]\n')
    await this.put('authors.yml', AUTHORS.map(([key, name]) => `${key}:\n  display_name: "${name}"\n${t.chance(0.5) ? `  avatar: /images/avatars/${key}.png\n` : ''}`).join(''))
    for (let i = 0; i < 40; i++) {
      const rel = `static/images/shared-${i}.${i % 3 === 0 ? 'svg' : 'png'}`
      await this.put(rel, image(rel, 320 + 40 * i, 200 + 10 * i))
      this.staticImages.push(rel.slice('static'.length))
    }
    const pages = Math.max(1, Math.round(this.files * 0.05))
    for (let i = 0; i < pages; i++) await this.writePage(i)
    for (let i = 0; i < this.files - pages; i++) await this.writePost(i)
  }

  private async writePage(i: number): Promise<void> {
    const t = this.t
    const lang = i < 3 ? 'en' : this.lang()
    const section = i < 3 ? '' : `${t.pick(['about', 'docs', 'guides', 'docs/api', 'projects'])}/`
    const rel = i === 0 ? 'pages/about/index.md' : i === 1 ? 'pages/contact.md' : i === 2 ? 'pages/about/team/index.md' : `pages/${section}${t.chance(0.2) ? `${t.title(lang).replace(/\s+/g, '-')}/index` : `page-${i}`}.md`
    this.pages.push(rel)
    const fm = `---\ntitle: ${JSON.stringify(t.title(lang))}\n${t.chance(0.5) ? `description: ${JSON.stringify(t.sentence(lang))}\n` : ''}${t.chance(0.2) ? `weight: ${t.int(1, 50)}\n` : ''}---\n`
    await this.put(rel, fm + '\n' + this.body(rel, lang, logNormal(t.rand, 2500, 9000, 200, 60_000)) + '\n')
  }

  private async writePost(i: number): Promise<void> {
    const t = this.t
    const lang = this.lang()
    const category = lang === 'en' ? t.pick(CATEGORIES.slice(0, 7)) : t.pick(CATEGORIES)
    const release = category === 'release' && t.chance(0.35)
    const date = new Date(Date.UTC(2010, 0, 1) + Math.floor((i / this.files) * 16 * 365 * 86_400_000) + t.int(0, 86_399) * 1000)
    const day = date.toISOString().slice(0, 10)
    const title = release ? `Bench ${Math.floor(i / 40)}.${i % 40}.0 (${t.pick(['Current', 'LTS'])})` : t.title(lang)
    const base = release ? `v${Math.floor(i / 40)}.${i % 40}.0` : lang === 'en' || t.chance(0.5) ? `${slug(title)}-${i}` : `${title.replace(/[\s/]+/g, '-')}-${i}`
    const bundle = !release && t.chance(0.2)
    const dated = !release && t.chance(0.25)
    const name = dated ? `${day}-${base}` : base
    const rel = `posts/${category}/${bundle ? `${name}/index` : name}.md`
    const cover = bundle && t.chance(0.6) ? this.colocatedImage(rel, 'cover') : undefined
    const fm = this.frontMatter(i, title, date, dated, category, lang, cover)
    const bytes = release ? logNormal(t.rand, 60_000, 200_000, 30_000, 800_000) : logNormal(t.rand, 4000, 14_000, 150, 120_000)
    const body = release ? this.releaseNotes(title, bytes) : this.body(rel, lang, bytes, bundle)
    await this.put(rel, fm + '\n' + body + '\n')
    await this.flush()
    this.posts.push({ rel, title, lang })
  }

  /** Front matter in one of the forms the fixtures use: mostly YAML, some TOML, a little JSON, a few files without. */
  private frontMatter(i: number, title: string, date: Date, dated: boolean, category: string, lang: Lang, cover: string | undefined): string {
    const t = this.t
    const author = this.author()
    const tags = t.chance(0.6) ? Array.from({ length: t.int(1, 5) }, () => t.word(lang === 'zh' ? 'zh' : 'en')) : []
    const r = t.rand()
    if (r < 0.03) return ''
    const iso = date.toISOString()
    if (r < 0.12) {
      const lines = [`title = ${JSON.stringify(title)}`, dated ? '' : `date = ${iso.slice(0, 19)}Z`, author ? `author = ${JSON.stringify(author)}` : '', tags.length ? `tags = [${tags.map((x) => JSON.stringify(x)).join(', ')}]` : '']
      if (cover) lines.push('[params]', `  cover = ${JSON.stringify(cover)}`)
      return `+++\n${lines.filter(Boolean).join('\n')}\n+++\n`
    }
    if (r < 0.14) {
      const value: Record<string, unknown> = { title, ...(dated ? {} : { date: iso }), ...(author ? { author } : {}), ...(tags.length ? { tags } : {}), ...(cover ? { cover } : {}) }
      return `${JSON.stringify(value, null, 2)}\n`
    }
    const lines: string[] = []
    const quote = t.rand()
    lines.push(`title: ${quote < 0.6 ? JSON.stringify(title) : quote < 0.8 ? `'${title.replace(/'/g, "''")}'` : /[:#'"[\]{}&*!|>%@`]/.test(title) ? JSON.stringify(title) : title}`)
    if (!dated) {
      const shape = t.rand()
      // The shapes of the fixtures: quoted ISO with Z (Node.js), a bare day (Docusaurus, Hugo), Jekyll's offset without a colon.
      lines.push(`date: ${shape < 0.55 ? `'${iso}'` : shape < 0.75 ? iso.slice(0, 10) : shape < 0.9 ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0530` : `"${iso.slice(0, 10)}"`}`)
    }
    if (t.chance(0.5)) lines.push('layout: blog-post')
    lines.push(`category: ${category}`)
    if (author) lines.push(`author: ${author.includes(':') ? JSON.stringify(author) : author}`)
    if (tags.length) lines.push(t.chance(0.8) ? `tags: [${tags.join(', ')}]` : `tags:\n${tags.map((x) => `  - ${x}`).join('\n')}`)
    if (t.chance(0.15)) lines.push(`description: >-\n  ${t.sentence(lang)}\n  ${t.sentence(lang)}`)
    if (cover) lines.push(`cover:\n  image: ${cover}\n  alt: ${JSON.stringify(t.words(lang, 3))}`)
    if (t.chance(0.04)) lines.push(`aliases:\n  - /old/${i}/\n  - /${category}/${i}.html`)
    if (t.chance(0.05)) lines.push(`slug: custom-${i}`)
    if (t.chance(0.02)) lines.push('draft: true')
    if (t.chance(0.1)) lines.push(`updated: '${new Date(date.getTime() + 86_400_000 * t.int(1, 300)).toISOString()}'`)
    if (t.chance(0.08)) lines.push(`version: ${t.int(1, 22)}.${t.int(0, 12)}`)
    return `---\n${lines.join('\n')}\n---\n`
  }

  private author(): string | undefined {
    const t = this.t
    const r = t.rand()
    if (r < 0.05) return undefined
    if (r < 0.7) return t.pick(AUTHORS)[0]
    if (r < 0.93) return t.pick(AUTHORS)[1]
    return `${t.pick(AUTHORS)[1]} and ${t.pick(AUTHORS)[1]}`
  }

  private colocatedImage(rel: string, stem: string): string {
    const t = this.t
    const file = `${stem}.${t.pick(['png', 'jpg', 'svg'])}`
    this.queued.set(path.posix.join(path.posix.dirname(rel), file), image(file, t.int(400, 2400), t.int(300, 1600)))
    return `./${file}`
  }

  /** A post or page body of about `bytes` bytes. */
  private body(rel: string, lang: Lang, bytes: number, bundle = false): string {
    const t = this.t
    const blocks: string[] = []
    let size = 0
    const more = t.chance(0.18) ? t.int(1, 3) : -1
    const add = (block: string) => {
      blocks.push(block)
      size += Buffer.byteLength(block) + 2
    }
    add(this.paragraph(rel, lang))
    for (let n = 1; size < bytes; n++) {
      if (n === more) {
        add('<!--more-->')
        continue
      }
      const r = t.rand()
      if (r < 0.48) add(this.paragraph(rel, lang))
      else if (r < 0.68) add(`${'#'.repeat(t.int(2, 3))} ${t.title(lang)}`)
      else if (r < 0.75) add(Array.from({ length: t.int(2, 8) }, () => `${t.pick(['-', '-', '*', '1.'])} ${t.sentence(lang)}${t.chance(0.15) ? ` [${t.word('en')}](${this.externalHref()})` : ''}`).join('\n'))
      else if (r < 0.83) add(this.codeBlock())
      else if (r < 0.86) add(this.imageRef(rel, lang, bundle))
      else if (r < 0.87) add(`| ${t.word('en')} | ${t.word('en')} | ${t.word('en')} |\n| --- | :---: | ---: |\n${Array.from({ length: t.int(2, 6) }, () => `| ${t.words(lang, 2)} | ${t.int(1, 99)} | \`${t.word('en')}\` |`).join('\n')}`)
      else if (r < 0.91) add(`:::${t.pick(['note', 'tip', 'warning'])}\n${t.sentence(lang)}\n:::`)
      else if (r < 0.93) add(`<details>\n<summary>${t.words(lang, 3)}</summary>\n\n${t.sentence(lang)}\n\n</details>`)
      else if (r < 0.96) add(`> ${t.sentences(lang, t.int(60, 300))}`)
      else add(`${t.sentence(lang)}<br>\n<kbd>Ctrl</kbd> + <kbd>C</kbd> ${t.sentence(lang)}`)
    }
    return blocks.join('\n\n')
  }

  private paragraph(rel: string, lang: Lang): string {
    const t = this.t
    let s = t.sentences(lang, t.int(80, 600))
    if (t.chance(0.3)) s = s.replace(/(\S+) (\S+)/, '**$1 $2**')
    if (t.chance(0.15)) s = s.replace(/ (\S+) /, ' _$1_ ')
    if (t.chance(0.2)) s += ` Run \`${t.pick(['npm install', 'node --version', 'git pull --rebase', 'make -j2'])}\` first.`
    if (t.chance(0.45)) s += ` See [${t.words(lang, t.int(1, 3))}](${this.externalHref()}).`
    if (t.chance(0.04)) s += ` ${t.pick(['Read', 'See also'])} [${t.words(lang, 2)}](${this.relativeHref(rel)}).`
    if (t.chance(0.12)) s += ` More on the [about page](/about/) and in the [archive](#archive).`
    return s
  }

  private externalHref(): string {
    const t = this.t
    return t.pick([
      `https://github.com/nodejs/node/pull/${t.int(1000, 55000)}`, 'https://nodejs.org/api/fs.html#fspromisesreadfilepath-options', 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
      'https://en.wikipedia.org/wiki/Markdown', 'https://www.npmjs.com/package/gray-matter', 'https://zh.wikipedia.org/wiki/%E4%B8%8A%E6%B5%B7', 'https://example.org/a?b=1&c=2',
    ])
  }

  /** A link to an earlier post or a page, relative to this file, sometimes to a heading in it or to a file that is gone. */
  private relativeHref(rel: string): string {
    const t = this.t
    const from = path.posix.dirname(rel)
    if (t.chance(0.03)) return './renamed-long-ago.md'
    const target = this.posts.length > 0 && t.chance(0.85) ? t.pick(this.posts).rel : t.pick(this.pages)
    const href = path.posix.relative(from, target)
    return `${href.startsWith('.') ? href : `./${href}`}${t.chance(0.1) ? '#notable-changes' : ''}`
  }

  private imageRef(rel: string, lang: Lang, bundle: boolean): string {
    const t = this.t
    const alt = t.words(lang, t.int(1, 4))
    const r = t.rand()
    if (bundle && r < 0.85) {
      const name = `figure-${t.int(1, 9)}.png`
      this.queued.set(path.posix.join(path.posix.dirname(rel), name), image(name, 800, 450))
      return `![${alt}](./${name})`
    }
    if (r < 0.45) return `![${alt}](${t.pick(this.staticImages)})`
    if (r < 0.75) return `![${alt}](${path.posix.relative(path.posix.dirname(rel), `static${t.pick(this.staticImages)}`)})`
    if (r < 0.9) return `![${alt}](https://images.example.net/${t.int(1, 9999)}.jpg "${t.words('en', 2)}")`
    if (r < 0.95) return `<img src="${t.pick(this.staticImages)}" alt="${alt}" width="400">`
    return `![${alt}](./missing-${t.int(1, 99)}.png)`
  }

  private codeBlock(): string {
    const t = this.t
    const fence = t.chance(0.9) ? '```' : '~~~'
    const [lang, code] = t.pick([
      ['js', "import { readFile } from 'node:fs/promises'\n\nconst text = await readFile('site.yml', 'utf8')\nconsole.log(text.length) // # not a heading"],
      ['bash', '$ npm install --save-dev vitest\n$ npx vitest run test/ --reporter=verbose'],
      ['yaml', 'title: Example\nauthor: ana\ntags: [a, b]'],
      ['diff', '- const x = 1\n+ const x = 2'],
      ['console', '$ node -p process.versions.v8\n11.3.244.8-node.16'],
      ['', 'plain text with [brackets](not-a-link.md) and <tags>'],
    ])
    return `${fence}${lang}\n${code}\n${fence}`
  }

  /** Release notes the way Node.js writes them: notable changes, then hundreds of commit lines, then checksums. */
  private releaseNotes(title: string, bytes: number): string {
    const t = this.t
    const people = ['Michaël Zasso', 'Rafael Gonzaga', 'Antoine du Hamel', 'Colin Ihrig', 'Yagiz Nizipli', 'Joyee Cheung', 'Matteo Collina']
    const areas = ['deps', 'doc', 'fs', 'http', 'lib', 'src', 'stream', 'test', 'test_runner', 'tools', 'url', 'util', 'worker']
    const parts = [`### Notable Changes\n\n#### ${title}\n\n${t.sentences('en', 400)}\n\nContributed by ${t.pick(people)} in [#${t.int(40000, 55000)}](https://github.com/nodejs/node/pull/${t.int(40000, 55000)}).`, '### Commits']
    let size = parts.join('\n\n').length
    while (size < bytes) {
      const hash = Math.floor(t.rand() * 0xffffffffff).toString(16).padStart(10, '0')
      const pr = t.int(40000, 55000)
      const line = `- \\[[\`${hash}\`](https://github.com/nodejs/node/commit/${hash})] - ${t.chance(0.1) ? '**(SEMVER-MINOR)** ' : ''}**${t.pick(areas)}**: ${t.words('en', t.int(4, 10))} (${t.pick(people)}) [#${pr}](https://github.com/nodejs/node/pull/${pr})`
      parts.push(line)
      size += line.length + 1
    }
    parts.push('Windows 64-bit Installer: https://bench.example/dist/node-x64.msi\n\n```text\n' + Array.from({ length: 12 }, () => `${Math.floor(t.rand() * 2 ** 52).toString(16).padStart(64, '0')}  node-x64.tar.gz`).join('\n') + '\n```')
    return parts.join('\n')
  }
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'post'

/** The smallest file image-size reads the dimensions from: a PNG or JPEG header, or an SVG element. */
function image(name: string, width: number, height: number): Uint8Array | string {
  if (name.endsWith('.svg')) return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/></svg>\n`
  if (name.endsWith('.jpg')) {
    const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    return Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0, ...sof, 0xff, 0xd9])
  }
  const be = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be(13), 0x49, 0x48, 0x44, 0x52, ...be(width), ...be(height), 8, 6, 0, 0, 0, 0, 0, 0, 0])
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [files, out] = process.argv.slice(2)
  if (!files || !out) {
    console.error('Usage: npx tsx bench/generate-markdown-site.ts <files> <out-dir>')
    process.exit(2)
  }
  await generateMarkdownSite(Number(files), out)
}
