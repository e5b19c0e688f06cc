import { expandEngine } from './_engine.js'
import type { BlockHandler, Dialect, Node, Run, Source, TagHandler } from './_engine.js'
import { attrs, codeBlock, escapeHtml, safeUrl } from './_html.js'
import { unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import { NUNJUCKS } from './nunjucks.js'
import type { TemplateContext } from './types.js'

/**
 * Expands a Hexo post or page body as Hexo renders it (hexo.io "Tag Plugins"): Nunjucks over the whole body, with the
 * front matter as its variables, except fenced code blocks, which Hexo sets aside before Nunjucks runs. Hexo's own
 * tags (`post_link`, `asset_img`, `codeblock`, `youtube`…) and the NexT theme's (`note`, `tabs`, `button`) print what
 * their documentation says; any other tag is a plugin's, removed and reported (a paired one keeps its content).
 * `disableNunjucks: true` in the front matter leaves the body as written.
 */
export function expandHexo(body: string, ctx: TemplateContext): PassResult {
  if (ctx.data.page.disableNunjucks === true) return unchanged(body)
  if (!body.includes('{{') && !body.includes('{%') && !body.includes('{#')) return unchanged(body)
  const result = expandEngine(protectFences(body), ctx, HEXO)
  // The engine's words for an unknown tag are Eleventy's (its data rules are Hexo's too); Hexo's are plugins.
  const findings = result.findings
    .filter((f) => f.name !== FENCE_TAG)
    .map((f) => (f.message?.includes(ELEVENTY_WORDS) ? { ...f, message: f.message.replace(ELEVENTY_WORDS, HEXO_WORDS) } : f))
  return { ...result, findings }
}

/**
 * The key under which the Hexo preset's `templateSite` hands this pass the site's posts by Hexo slug (their path in
 * `_posts/` without extension), with their source files and titles: `post_link` prints a post's title.
 */
export const HEXO_POSTS_KEY = '__hexo_posts'

/** A post as a Hexo tag names it (`{% post_link slug %}`): its source file and title. */
export interface HexoPostRef {
  file: string
  title: string
}

const ELEVENTY_WORDS = 'a shortcode or tag of the site\u2019s own (its configuration is code, never run here)'
const HEXO_WORDS = 'a tag of a Hexo plugin, the theme or the site\u2019s scripts/ (code, never run here)'

/** The raw tag fenced code is wrapped in: a name no site writes, its findings dropped. */
const FENCE_TAG = 'hexo_fenced_code'

/**
 * Wraps each fenced code block in a raw tag, on its own lines (no line added or removed), so that Nunjucks prints it
 * as written, as Hexo's `backtick_code_block` filter does before Nunjucks runs. Indented code and code spans are
 * not set aside by Hexo, and are not here.
 */
function protectFences(body: string): string {
  const ranges = findCode(body, { indentedCode: false }).filter((r) => r.fence !== undefined)
  if (ranges.length === 0) return body
  const parts: string[] = []
  let pos = 0
  for (const r of ranges) {
    const code = body.slice(r.start, r.end)
    if (code.includes(`end${FENCE_TAG}`)) continue
    parts.push(body.slice(pos, r.start), `{% ${FENCE_TAG} %}`, code, `{% end${FENCE_TAG} %}`)
    pos = r.end
  }
  parts.push(body.slice(pos))
  return parts.join('')
}

/**
 * A Hexo tag's arguments as Nunjucks hands them to it: split at white space, a quoted part's quotes taken off and its
 * spaces kept (`img /a.png "a cat"` → `['/a.png', 'a cat']`). Linear in the markup.
 * @example
 * tagArguments(`link "Hexo site" https://hexo.io`) // ['Hexo site', 'https://hexo.io']
 */
export function tagArguments(markup: string): string[] {
  const args: string[] = []
  let current = ''
  let started = false
  for (let i = 0; i < markup.length; i++) {
    const c = markup[i]
    if (c === '"' || c === "'") {
      const close = markup.indexOf(c, i + 1)
      if (close !== -1) {
        current += markup.slice(i + 1, close)
        started = true
        i = close
        continue
      }
    }
    if (/\s/.test(c)) {
      if (started) args.push(current)
      current = ''
      started = false
      continue
    }
    current += c
    started = true
  }
  if (started) args.push(current)
  return args
}

const URL_LIKE = /^(?:[a-z][a-z\d+.-]*:\/\/|\/|\.{1,2}\/|#|mailto:)/i

function expanded(run: Run, node: { at: number; name: string }, src: Source, html: string): undefined {
  run.write(src, html, node.at)
  run.find(src, node.at, node.name, 'expanded')
  return undefined
}

function unresolved(run: Run, node: { at: number; name: string }, src: Source, message: string, html = ''): undefined {
  if (html !== '') run.write(src, html, node.at)
  run.find(src, node.at, node.name, 'unresolved', message)
  return undefined
}

/**
 * The post a tag names, by Hexo slug (`hello-world`, `folder/post`), else by title as Hexo also looks it up: its
 * slug (for `resolve`) and title. Undefined when the site has no such post.
 */
function postRef(ctx: TemplateContext, name: string): (HexoPostRef & { slug: string }) | undefined {
  const found = ctx.data.site[HEXO_POSTS_KEY]
  if (typeof found !== 'object' || found === null) return undefined
  const posts = found as Record<string, HexoPostRef>
  const key = name.replace(/^\/+/, '').replace(/\.(?:md|markdown|html?)$/i, '')
  if (Object.hasOwn(posts, key)) return { ...posts[key], slug: key }
  let titles = TITLES.get(posts)
  if (titles === undefined) {
    titles = new Map()
    for (const k of Object.keys(posts)) if (!titles.has(posts[k].title)) titles.set(posts[k].title, k)
    TITLES.set(posts, titles)
  }
  const byTitle = titles.get(name)
  return byTitle === undefined ? undefined : { ...posts[byTitle], slug: byTitle }
}

/** Each site's posts by title (the first in file order), built once: a tag that names a post by title is one look-up. */
const TITLES = new WeakMap<object, Map<string, string>>()

/** `{% post_link slug [title] [escape] %}`: a link to the post's new URL, titled with the post's title. */
const postLink: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const [target = '', ...rest] = args
  const [slug, hash] = target.split('#')
  let escape = true
  if (rest.length > 0 && (rest[rest.length - 1] === 'true' || rest[rest.length - 1] === 'false')) escape = rest.pop() === 'true'
  const ref = postRef(run.ctx, slug)
  const url = ref ? run.ctx.resolve('post_url', ref.slug) : undefined
  const text = rest.length > 0 ? rest.join(' ') : (ref?.title ?? slug)
  if (url === undefined) return unresolved(run, node, src, `{% post_link ${slug} %} names no post of this site (Hexo's build stops on it); its text was kept without a link. Fix the post's name (its path in _posts/ without extension).`, escapeHtml(text))
  const href = url + (hash ? `#${hash}` : '')
  return expanded(run, node, src, `<a${attrs([['href', href], ['title', ref?.title ?? slug]])}>${escape ? escapeHtml(text) : text}</a>`)
}

/** `{% post_path slug %}`: the post's new URL. */
const postPath: TagHandler = (run, node, src) => {
  const [target = ''] = tagArguments(node.markup)
  const ref = postRef(run.ctx, target)
  const url = ref ? run.ctx.resolve('post_url', ref.slug) : undefined
  if (url === undefined) return unresolved(run, node, src, `{% post_path ${target} %} names no post of this site; nothing was printed. Fix the post's name (its path in _posts/ without extension).`)
  return expanded(run, node, src, url)
}

/** The path of a post asset (`cat.png` of `_posts/hello.md` is `hello/cat.png` beside it), for the link pass to deliver. */
function assetPath(ctx: TemplateContext, name: string): string {
  const base = ctx.file.slice(ctx.file.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '')
  return `${encodeURI(base)}/${encodeURI(name.replace(/^\.?\/+/, ''))}`
}

/** `{% asset_img [class…] slug [width] [height] [title text [alt text]] %}`: an image of the post's asset folder. */
const assetImg: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const at = args.findIndex((a) => /\.[a-z0-9]+$/i.test(a))
  if (at === -1) return unresolved(run, node, src, `{% ${node.name} ${node.markup.slice(0, 60)} %} names no image file; it was removed.`)
  return image(run, node, src, args.slice(0, at), assetPath(run.ctx, args[at]), args.slice(at + 1))
}

/** `{% img [class…] /path/to/image [width] [height] ["title text" ["alt text"]] %}`. */
const img: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const at = args.findIndex((a) => URL_LIKE.test(a) || /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico)(?:[?#].*)?$/i.test(a))
  if (at === -1) return unresolved(run, node, src, `{% ${node.name} ${node.markup.slice(0, 60)} %} names no image; it was removed.`)
  return image(run, node, src, args.slice(0, at), args[at], args.slice(at + 1))
}

function image(run: Run, node: { at: number; name: string }, src: Source, classes: string[], url: string, rest: string[]): undefined {
  const safe = safeUrl(url)
  if (safe === undefined) return unresolved(run, node, src, `The image address "${url.slice(0, 60)}" is not one a page may load; the tag was removed.`)
  const size = [] as string[]
  while (size.length < 2 && rest.length > 0 && /^\d+(?:%|px)?$/.test(rest[0])) size.push(rest.shift() as string)
  // Title and alt text: `"title" "alt"` (one quoted argument holding both), or words for the title alone.
  // Trimmed first: blanks matched at both ends of the pattern read a run of blanks inside again at each of its places.
  const meta = rest.join(' ')
  const m = /^"([^"]*)"(?:\s*"([^"]*)")?$/.exec(meta.trim())
  const title = m ? m[1] : meta.trim() || undefined
  const alt = m?.[2] ?? title ?? ''
  return expanded(run, node, src, `<img${attrs([['class', classes.join(' ') || undefined], ['src', safe], ['width', size[0]], ['height', size[1]], ['title', title], ['alt', alt]])}>`)
}

/** `{% asset_link slug [title] [escape] %}` and `{% asset_path slug %}`: a file of the post's asset folder. */
const assetLink: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const [name = '', ...rest] = args
  if (name === '') return unresolved(run, node, src, `{% ${node.name} %} names no file; it was removed.`)
  const path = assetPath(run.ctx, name)
  if (node.name === 'asset_path') return expanded(run, node, src, path)
  let escape = true
  if (rest.length > 0 && (rest[rest.length - 1] === 'true' || rest[rest.length - 1] === 'false')) escape = rest.pop() === 'true'
  const text = rest.length > 0 ? rest.join(' ') : name
  return expanded(run, node, src, `<a${attrs([['href', path], ['title', text]])}>${escape ? escapeHtml(text) : text}</a>`)
}

/** `{% link text url [external] [title] %}`. */
const link: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const at = args.findIndex((a) => URL_LIKE.test(a) || /^[\w-]+(?:\.[\w-]+)+(?:\/|$)/.test(a))
  if (at === -1) return unresolved(run, node, src, `{% ${node.name} ${node.markup.slice(0, 60)} %} has no address; its text was kept without a link.`, escapeHtml(args.join(' ')))
  const href = safeUrl(args[at])
  const text = args.slice(0, at).join(' ') || args[at]
  const rest = args.slice(at + 1)
  const external = rest[0] === 'true' ? (rest.shift(), true) : rest[0] === 'false' ? (rest.shift(), false) : false
  const title = rest.join(' ') || undefined
  if (href === undefined) return unresolved(run, node, src, `The address "${args[at].slice(0, 60)}" is not one a link may lead to; its text was kept without a link.`, escapeHtml(text))
  return expanded(run, node, src, `<a${attrs([['href', href], ['title', title], ['target', external ? '_blank' : undefined]])}>${escapeHtml(text)}</a>`)
}

/** An embedded frame, as Hexo's `iframe`, `youtube`, `vimeo` and `jsfiddle` tags print it. */
function frame(source: string, width: string | undefined = '100%', height: string | undefined = '300', extra: Array<[string, string | boolean | undefined]> = []): string {
  return `<iframe${attrs([['src', source], ['width', width || undefined], ['height', height || undefined], ['frameborder', '0'], ['loading', 'lazy'], ...extra, ['allowfullscreen', true]])}></iframe>`
}

const iframe: TagHandler = (run, node, src) => {
  const [url = '', width, height] = tagArguments(node.markup)
  const safe = /^https?:\/\//i.test(url) || url.startsWith('/') ? safeUrl(url) : undefined
  if (safe === undefined) return unresolved(run, node, src, `{% iframe %} needs an http(s) or site address ("${url.slice(0, 60)}"); it was removed.`)
  return expanded(run, node, src, frame(safe, width, height))
}

const youtube: TagHandler = (run, node, src) => {
  const [id = '', type = 'video', cookie = 'true'] = tagArguments(node.markup)
  if (!/^[\w-]+$/.test(id)) return unresolved(run, node, src, `{% youtube %} needs a video or playlist id ("${id.slice(0, 60)}"); it was removed.`)
  // `cookie: false` uses YouTube's privacy-enhanced host, as Hexo's tag does.
  const host = cookie === 'false' ? 'www.youtube-nocookie.com' : 'www.youtube.com'
  const path = type === 'playlist' ? `videoseries?list=${id}` : id
  return expanded(run, node, src, `<div class="video-container">${frame(`https://${host}/embed/${path}`, '', '', [['allow', 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture']])}</div>`)
}

const vimeo: TagHandler = (run, node, src) => {
  const [id = ''] = tagArguments(node.markup)
  if (!/^\d+$/.test(id)) return unresolved(run, node, src, `{% vimeo %} needs a numeric video id ("${id.slice(0, 60)}"); it was removed.`)
  return expanded(run, node, src, `<div class="video-container">${frame(`https://player.vimeo.com/video/${id}`, '', '', [['allow', 'autoplay; fullscreen; picture-in-picture']])}</div>`)
}

const jsfiddle: TagHandler = (run, node, src) => {
  const [id = '', tabs = 'js,resources,html,css,result', skin = 'light', width, height] = tagArguments(node.markup)
  if (!/^[\w/-]+$/.test(id) || !/^[\w,]+$/.test(tabs) || !/^\w+$/.test(skin)) return unresolved(run, node, src, `{% jsfiddle ${node.markup.slice(0, 60)} %} could not be read; it was removed.`)
  return expanded(run, node, src, frame(`https://jsfiddle.net/${id}/embedded/${tabs}/${skin}`, width, height))
}

/** `{% gist id [file] %}`: a link to the gist; its script, which Hexo's plugin adds, is not put into the page. */
const gist: TagHandler = (run, node, src) => {
  const [id = '', file] = tagArguments(node.markup)
  if (!/^(?:[\w-]+\/)?[\w]+$/.test(id)) return unresolved(run, node, src, `{% gist %} needs a gist id ("${id.slice(0, 60)}"); it was removed.`)
  const href = `https://gist.github.com/${id}${file ? `#file-${file.replace(/[^\w-]/g, '-').toLowerCase()}` : ''}`
  run.write(src, `<p><a${attrs([['href', href]])}>${escapeHtml(file ?? `Gist ${id}`)}</a></p>`, node.at)
  run.find(src, node.at, node.name, 'expanded', 'Embedded as a link to the gist: its script is not added to the page.')
  return undefined
}

/** The `lang:x`, `from:n`, `to:n`, `mark:…` options of a code tag, and the words that are not options. */
function codeOptions(args: string[]): { options: Map<string, string>; words: string[] } {
  const options = new Map<string, string>()
  const words: string[] = []
  for (const a of args) {
    const m = /^(lang|from|to|line_number|line_threshold|highlight|first_line|mark|wrap):(.*)$/.exec(a)
    if (m) options.set(m[1], m[2])
    else words.push(a)
  }
  return { options, words }
}

/** A code block's title line (linked when the tag gives a URL), above the fence. */
function codeCaption(words: string[]): string {
  const at = words.findIndex((w) => /^https?:\/\//i.test(w))
  const title = (at === -1 ? words : words.slice(0, at)).join(' ')
  const url = at === -1 ? undefined : safeUrl(words[at])
  const linkText = at === -1 ? '' : words.slice(at + 1).join(' ') || 'link'
  if (title === '' && url === undefined) return ''
  return `<p class="code-caption">${escapeHtml(title)}${url ? ` <a${attrs([['href', url]])}>${escapeHtml(linkText)}</a>` : ''}</p>\n\n`
}

/** The text between a block's opening and closing tags, as written (a code block's content is not template code). */
function blockText(node: Extract<Node, { k: 'block' }>, src: Source): string {
  const open = src.text.indexOf('%}', node.at) + 2
  const close = node.closed ? src.text.lastIndexOf('{%', node.end - 1) : node.end
  return src.text.slice(open, Math.max(open, close))
}

/** `{% codeblock [title] [lang:x] [url] [link text] [options] %}…{% endcodeblock %}` (also `code`): a fenced block. */
const codeblock: BlockHandler = (run, node, src) => {
  const { options, words } = codeOptions(tagArguments(node.branches[0].markup))
  const code = blockText(node, src).replace(/^\r?\n/, '')
  return expanded(run, node, src, `\n${codeCaption(words)}${codeBlock(code, options.get('lang') ?? '')}\n`)
}

/** `{% include_code [title] [lang:x] [from:n] [to:n] path %}`: a file of `code_dir` as a fenced block. */
const includeCode: TagHandler = (run, node, src) => {
  const { options, words } = codeOptions(tagArguments(node.markup))
  const path = words.pop() ?? ''
  const text = path === '' ? undefined : run.ctx.readFile('include', path)
  if (text === undefined) return unresolved(run, node, src, `The file "${path}" was not found in the source folder's code_dir (downloads/code/ unless configured); nothing was printed. Add the file or put the code into the page.`)
  const lines = text.split(/\r?\n/)
  const from = Math.max(1, Number(options.get('from')) || 1)
  const to = Math.min(lines.length, Number(options.get('to')) || lines.length)
  const lang = options.get('lang') ?? (/\.([\w]+)$/.exec(path)?.[1] ?? '')
  const title = words.join(' ') || path.split('/').pop() || ''
  return expanded(run, node, src, `\n<p class="code-caption">${escapeHtml(title)}</p>\n\n${codeBlock(lines.slice(from - 1, to).join('\n'), lang)}\n`)
}

/** Content of a block tag as Markdown inside HTML: blank lines around it, so that it is read as Markdown. */
function inner(run: Run, node: Extract<Node, { k: 'block' }>, src: Source): string {
  return `\n\n${run.capture(node.branches.flatMap((b) => b.body), src).trim()}\n\n`
}

/** `{% blockquote [author[, source]] [link] [source_link_title] %}…{% endblockquote %}` (also `quote`). */
const blockquote: BlockHandler = (run, node, src) => {
  const args = tagArguments(node.branches[0].markup)
  const at = args.findIndex((a) => /^https?:\/\//i.test(a))
  const before = (at === -1 ? args : args.slice(0, at)).join(' ')
  const comma = before.indexOf(',')
  const author = (comma === -1 ? before : before.slice(0, comma)).trim()
  const url = at === -1 ? undefined : safeUrl(args[at])
  const source = comma === -1 ? (url ? args.slice(at + 1).join(' ') || url.replace(/^https?:\/\//i, '').split('/')[0] : '') : before.slice(comma + 1).trim()
  const cite = source === '' ? '' : `<cite>${url ? `<a${attrs([['href', url]])}>${escapeHtml(source)}</a>` : escapeHtml(source)}</cite>`
  const footer = author !== '' || cite !== '' ? `<footer>${author !== '' ? `<strong>${escapeHtml(author)}</strong>` : ''}${cite}</footer>` : ''
  return expanded(run, node, src, `<blockquote>${inner(run, node, src)}${footer}</blockquote>\n`)
}

/** `{% pullquote [class] %}…{% endpullquote %}`. */
const pullquote: BlockHandler = (run, node, src) => {
  const classes = tagArguments(node.branches[0].markup).filter((c) => /^[\w-]+$/.test(c))
  return expanded(run, node, src, `<blockquote class="${['pullquote', ...classes].join(' ')}">${inner(run, node, src)}</blockquote>\n`)
}

/**
 * Note styles as the admonition types the other conventions' callouts use: NexT's and Fluid's classes, Butterfly's
 * colours. Butterfly's style words and an icon argument (`'fas fa-bullhorn'`) only dress the note.
 */
const NOTE_TYPES: Readonly<Record<string, string>> = {
  default: 'note', primary: 'note', info: 'info', success: 'tip', warning: 'warning', danger: 'danger',
  blue: 'info', green: 'tip', orange: 'warning', red: 'danger', pink: 'note', purple: 'note',
}
const NOTE_DRESS = new Set(['no-icon', 'simple', 'modern', 'flat', 'disabled', 'icon'])

/** NexT's `{% note [class] [no-icon] [summary] %}…{% endnote %}` (Fluid's, Butterfly's too): an admonition aside. */
const note: BlockHandler = (run, node, src) => {
  const words = tagArguments(node.branches[0].markup)
  const kind = words.find((w) => w in NOTE_TYPES) ?? 'default'
  const summary = words.filter((w) => w !== kind && !NOTE_DRESS.has(w) && !/^(?:fa[a-z]*\s+)?fa-[\w-]+$/.test(w)).join(' ')
  const title = summary !== '' ? `\n<p class="admonition-title">${escapeHtml(summary)}</p>` : ''
  return expanded(run, node, src, `<aside class="admonition admonition-${NOTE_TYPES[kind]}">${title}${inner(run, node, src)}</aside>\n`)
}

/**
 * The tabs of a NexT `tabs` block: each `<!-- tab [title] [@icon] -->` comment to its `<!-- endtab -->`, found by
 * position (comments read once, in order), so a body of unclosed tabs or blank runs costs time linear in its length.
 */
export function nextTabs(content: string): Array<{ title: string; text: string }> {
  const tabs: Array<{ title: string; text: string }> = []
  let open: { title: string; from: number } | undefined
  for (let at = content.indexOf('<!--'); at !== -1; ) {
    const close = content.indexOf('-->', at + 4)
    if (close === -1) break
    const inside = content.slice(at + 4, close).trim()
    if (inside === 'endtab' && open) {
      tabs.push({ title: open.title, text: content.slice(open.from, at) })
      open = undefined
    } else if (inside === 'tab' || inside.startsWith('tab ') || inside.startsWith('tab\t') || inside.startsWith('tab\n')) {
      open = { title: inside.slice(3).replace(/@[\w-]+/g, '').trim(), from: close + 3 }
    }
    at = content.indexOf('<!--', close + 3)
  }
  return tabs
}

/**
 * NexT's `{% tabs name[,active] %}<!-- tab [title] [@icon] -->…<!-- endtab -->{% endtabs %}`: each tab an open
 * `<details>` with its title as summary (untitled ones `name 1`, `name 2`), so every tab's content stays visible.
 */
const tabs: BlockHandler = (run, node, src) => {
  const name = node.branches[0].markup.split(',')[0].trim().replace(/^["']|["']$/g, '')
  const content = run.capture(node.branches.flatMap((b) => b.body), src)
  const parts = nextTabs(content).map((tab, i) => `<details class="tab" open>\n<summary>${escapeHtml(tab.title || `${name} ${i + 1}`)}</summary>\n\n${tab.text.trim()}\n\n</details>`)
  return expanded(run, node, src, `\n${parts.length > 0 ? parts.join('\n\n') : content.trim()}\n`)
}

/** NexT's `{% button url, text, icon [class], [title] %}` (also `btn`): a link styled as a button. */
const button: TagHandler = (run, node, src) => {
  const [url = '', text = '', , title] = node.markup.split(',').map((s) => s.trim())
  const href = safeUrl(url)
  if (!href || url === '') return unresolved(run, node, src, `{% ${node.name} %} has no address; it was removed.`, escapeHtml(text))
  return expanded(run, node, src, `<a${attrs([['class', 'btn'], ['href', href], ['title', title || undefined]])}>${escapeHtml(text)}</a>`)
}

/** NexT's `{% label [class]@text %}`: marked text. */
const label: TagHandler = (run, node, src) => {
  const at = node.markup.indexOf('@')
  const cls = at === -1 ? 'default' : node.markup.slice(0, at).trim() || 'default'
  const text = at === -1 ? node.markup.trim() : node.markup.slice(at + 1).trim()
  return expanded(run, node, src, `<mark${attrs([['class', `label ${cls.replace(/[^\w-]/g, '')}`]])}>${escapeHtml(text)}</mark>`)
}

/** NexT's `{% mermaid type %}…{% endmermaid %}`: a mermaid code block, as other conventions' diagrams are kept. */
const mermaid: BlockHandler = (run, node, src) => {
  const type = node.branches[0].markup.trim()
  const code = blockText(node, src).replace(/^\r?\n/, '')
  return expanded(run, node, src, `\n${codeBlock(`${type}\n${code}`, 'mermaid')}\n`)
}

/** `{% url_for text path %}` and `{% full_url_for text path %}`: a link (to the site's new address for the path). */
const urlFor: TagHandler = (run, node, src) => {
  const args = tagArguments(node.markup)
  const path = args.length > 1 ? args[1] : args[0] ?? ''
  const href = safeUrl(path)
  if (!href) return unresolved(run, node, src, `{% ${node.name} %} has no address; it was removed.`)
  return expanded(run, node, src, `<a${attrs([['href', href]])}>${escapeHtml(args[0] ?? path)}</a>`)
}

const HEXO: Dialect = {
  ...NUNJUCKS,
  tags: {
    ...NUNJUCKS.tags,
    post_link: postLink,
    post_path: postPath,
    asset_img: assetImg,
    asset_image: assetImg,
    asset_link: assetLink,
    asset_path: assetLink,
    img,
    image: img,
    link,
    a: link,
    anchor: link,
    iframe,
    youtube,
    vimeo,
    jsfiddle,
    gist,
    include_code: includeCode,
    'include-code': includeCode,
    button,
    btn: button,
    label,
    url_for: urlFor,
    full_url_for: urlFor,
  },
  blocks: { ...NUNJUCKS.blocks, codeblock, code: codeblock, blockquote, quote: blockquote, pullquote, note, tabs, mermaid },
  blockBranches: { ...NUNJUCKS.blockBranches, codeblock: [], code: [], blockquote: [], quote: [], pullquote: [], note: [], tabs: [], mermaid: [] },
  rawTags: [...NUNJUCKS.rawTags, FENCE_TAG],
}

// Hexo's `{% include_code [title] [lang:x] [from:n] [to:n] path %}`: where one starts; the file is its last word.
const INCLUDE_CODE = /\{%-?[ \t]*include[_-]code[ \t]/g

/**
 * The files a body's `include_code` tags name (under `code_dir`), so that the import reads them before expansion.
 * A tag runs to the first `%}` before the next `{%` and the line's end: each stretch of the body is read once.
 */
export function includeCodeTargets(body: string): string[] {
  const out: string[] = []
  for (const m of body.matchAll(INCLUDE_CODE)) {
    const next = body.indexOf('{%', m.index + 2)
    const tag = body.slice(m.index, next === -1 ? body.length : next)
    const close = tag.indexOf('%}')
    if (close === -1 || tag.lastIndexOf('\n', close) !== -1) continue
    const words = body.slice(m.index + m[0].length, m.index + close).replace(/-$/, '').split(/[ \t]+/).filter((w) => w !== '')
    if (words.length > 0) out.push(words[words.length - 1])
  }
  return out
}
