/**
 * A deterministic generator of native-layout Markdown sites for the importer benchmark: `site.yml`, `authors.yml`,
 * posts of 2–16 KB in category folders (YAML and TOML front matter, headings, lists, code, links between posts,
 * `<!--more-->` markers, Unicode titles) and nested pages. The same count always gives the same bytes.
 *
 * Usage: npx tsx bench/generate-markdown-site.ts <files> <out-dir>
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { prng } from './generate-payload.js'

const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna ' +
  'aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis ' +
  'garden coffee travel river mountain city music release notable changes deprecation security performance'
).split(' ')
const TITLES = ['Café crème', 'Ελληνικά νέα', 'سفر به اصفهان', '上海的春天', 'Москва зимой', 'Release notes', 'Weekly update']
const CATEGORIES = ['release', 'weekly', 'announcements', 'community', 'security']
const AUTHORS = ['ana', 'bruno', 'chen', 'dana', 'emeka']

/** Writes a native Markdown site of `files` documents (90% posts, 10% pages) into `out`, replacing what was there. */
export async function generateMarkdownSite(files: number, out: string): Promise<void> {
  const rand = prng(files)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  await writeFile(path.join(out, 'site.yml'), 'title: Bench site\ndescription: Generated\nurl: https://bench.example\ntimezone: Europe/Lisbon\n')
  await writeFile(path.join(out, 'authors.yml'), AUTHORS.map((a) => `${a}:\n  display_name: ${a[0].toUpperCase()}${a.slice(1)}\n`).join(''))
  const posts = Math.round(files * 0.9)
  const made = new Set<string>()
  for (let i = 0; i < files; i++) {
    const isPost = i < posts
    const category = pick(CATEGORIES)
    const slug = `${isPost ? 'post' : 'page'}-${i}-v${i % 30}.${i % 7}.0`
    const dir = isPost ? path.join(out, 'posts', category) : path.join(out, 'pages', `section-${i % 10}`)
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true })
      made.add(dir)
    }
    const day = String(1 + (i % 28)).padStart(2, '0')
    const month = String(1 + (i % 12)).padStart(2, '0')
    const title = `${pick(TITLES)} ${i}`
    const fm = i % 5 === 0
      ? `+++\ntitle = "${title}"\ndate = ${2000 + (i % 25)}-${month}-${day}T10:00:00\nauthor = "${pick(AUTHORS)}"\ntags = ["${pick(WORDS)}", "${pick(WORDS)}"]\n+++\n`
      : `---\ntitle: "${title}"\ndate: '${2000 + (i % 25)}-${month}-${day}T10:00:00Z'\nauthor: ${pick(AUTHORS)}\ntags: [${pick(WORDS)}, ${pick(WORDS)}]\nlayout: post\n---\n`
    const blocks: string[] = []
    const size = 2000 + Math.floor(rand() * 14000)
    let length = 0
    if (i % 4 === 0) blocks.push(`## Notable changes\n\n- ${words(8)}\n- ${words(10)}\n- ${words(6)}`)
    blocks.push(words(40) + '.')
    if (i % 3 === 0) blocks.push('<!--more-->')
    while (length < size) {
      const r = rand()
      const block =
        r < 0.15 ? `### ${words(4)}` :
        r < 0.3 ? `- ${words(8)} [link](https://example.com/${i})\n- ${words(9)}\n- \`code\` ${words(5)}` :
        r < 0.4 ? '```js\nconst x = ' + i + '\nconsole.log(x)\n```' :
        r < 0.45 && isPost && i > 0 ? `See [the previous post](../${pick(CATEGORIES)}/post-${i - 1}-v${(i - 1) % 30}.${(i - 1) % 7}.0.md).` :
        `${words(30 + Math.floor(rand() * 60))} **${words(2)}** *${words(2)}*.`
      blocks.push(block)
      length += block.length
    }
    await writeFile(path.join(dir, `${slug}.md`), fm + '\n' + blocks.join('\n\n') + '\n')
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [files, out] = process.argv.slice(2)
  if (!files || !out) {
    console.error('Usage: npx tsx bench/generate-markdown-site.ts <files> <out-dir>')
    process.exit(2)
  }
  await generateMarkdownSite(Number(files), out)
}
