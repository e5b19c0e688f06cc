import type { Page, Post, PreviewData } from '../contract/types.js'
import { pointer } from '../validate/issue.js'
import { readBody } from './body.js'
import { CHECK_CODES } from './findings.js'
import type { CheckCode, CheckFinding, CheckResult, CheckTotals } from './findings.js'
import { scanHtml } from './html.js'
import type { HtmlRef } from './html.js'
import { Reachability } from './reachability.js'
import { isFilePath, SiteIndex } from './targets.js'
import { LineIndex } from '../lines.js'

/** Options of `checkSite`. */
export interface CheckOptions {
  /**
   * The files served at the site root, as paths relative to it with `/` (`media/a.png`), for instance from
   * `readMediaDir` (`preview-data-sdk/media-dir`, Node). Without it, media files are not checked, and the report says so.
   */
  mediaFiles?: ReadonlySet<string>
  /**
   * Other URLs the site lived at (`https://old.example`, `https://old.example/blog`). Absolute links on them are
   * internal; those the new site answers are counted apart, since they work only while the old site is up. Naming
   * `site.url` here says the old site lived there too: every path on it was the site's, so an absolute link on it that
   * nothing answers is a `broken_link` whatever its shape (without it, `unknown_site_url` outside the payload's URL shapes).
   */
  origins?: readonly string[]
}

/** A post or page, with where it is in the payload and on the site. */
class SiteDocument {
  constructor(
    readonly kind: 'post' | 'page',
    /** JSON Pointer of the document (`/content/posts/3`). */
    readonly source: string,
    /** Index of its route (`SiteIndex.route`). */
    readonly route: number,
    readonly entity: Post | Page,
    private readonly site: SiteIndex,
  ) {}

  /** Its public URL (computed when a finding or a relative link needs it). */
  get url(): string {
    return this.site.route(this.route).url
  }
}

/**
 * Finds what a site built from a (valid) payload will get wrong before anyone builds it: internal links that lead
 * nowhere, links that still point at the old site, media files that were never delivered, template syntax printed
 * as text, empty bodies, drafts, duplicate titles, documents nothing reaches and images without alternative text.
 * Bodies are read as a build reads them (Markdown through remark, HTML through the HTML parser); links resolve
 * against `deriveRoutes` and the media files; nothing is fetched.
 * @example
 * const { findings, totals } = checkSite(payload, { origins: ['https://old.example'] })
 * for (const f of findings) console.log(`${f.severity} ${f.code} ${f.url ?? f.source}:${f.line ?? ''} ${f.message}`)
 */
export function checkSite(payload: PreviewData, options: CheckOptions = {}): CheckResult {
  const site = new SiteIndex(payload, options.mediaFiles, options.origins ?? [])
  const report = new Report(site)
  const documents = siteDocuments(payload, site)
  report.totals.documents = documents.length
  const reach = new Reachability(payload, site)

  for (const doc of documents) {
    checkDocumentFields(doc, report)
    checkBody(doc, site, report, reach)
  }
  checkDuplicateTitles(documents, report)
  checkSiteFields(payload, site, report, reach)

  for (const doc of documents) {
    const { entity } = doc
    if (entity.status !== 'published' || entity.discoverability === 'delist' || reach.reached(doc.route)) continue
    report.add('unreachable', doc.source, {
      url: doc.url,
      message: `No link, menu, collection or generated listing reaches this ${doc.kind}: visitors can find it only by its URL. Link it from a menu or another document (or delist it, if that is intended).`,
    })
  }
  return report.result()
}

function siteDocuments(payload: PreviewData, site: SiteIndex): SiteDocument[] {
  const documents: SiteDocument[] = []
  const { first } = site
  payload.content.posts.forEach((entity, i) => documents.push(new SiteDocument('post', `/content/posts/${i}`, first.post + i, entity, site)))
  payload.content.pages.forEach((entity, i) => documents.push(new SiteDocument('page', `/content/pages/${i}`, first.page + i, entity, site)))
  return documents
}

function checkDocumentFields(doc: SiteDocument, report: Report): void {
  // The URL is computed only for a finding: a post's route costs more than the rest of these checks.
  const { entity, source, kind } = doc
  if (entity.status === 'draft') {
    report.add('draft', `${source}/status`, {
      url: doc.url,
      message: `This ${kind} is a draft. The contract leaves open what a build does with drafts, so it may be published: leave it out of the payload if it must stay private.`,
    })
  }
  if (!/\S/.test(entity.content)) {
    report.add('empty_body', `${source}/content`, { url: doc.url, message: `This ${kind} has an empty body, so its page will be empty: add its content, or leave it out.` })
  }
}

/** The links, media and template syntax of one body. */
function checkBody(doc: SiteDocument, site: SiteIndex, report: Report, reach: Reachability): void {
  const body = doc.entity.content
  const reading = readBody(body, doc.entity.document_type)
  if (reading.unread) report.add('body_not_read', `${doc.source}/content`, { url: doc.url, message: `This ${doc.kind}'s body was not checked: ${reading.unread}. A build that reads it may take as long or fail; flatten the nesting.` })
  if (reading.refs.length === 0 && reading.tags.length === 0 && reading.markdown.length === 0) return
  const lines = new LineIndex(body)
  const source = `${doc.source}/content`
  const at = (offset: number) => ({ url: doc.url, line: lines.line(offset) })
  const from = doc.entity.status === 'published' ? doc.route : -1
  // One place, moved from ref to ref: a body can hold thousands of links.
  const place: Place = { source, route: doc.route, lines, offset: 0 }
  for (const ref of reading.refs) {
    place.offset = ref.offset
    checkRef(ref, place, site, report, reach, from)
    if (ref.noAlt) {
      report.add('missing_alt', source, {
        ...at(ref.offset),
        target: ref.url,
        message: `This image has no alternative text: add a short description for people who cannot see it (![description](…) in Markdown, alt="…" in HTML).`,
      })
    }
  }
  for (const tag of reading.tags) {
    report.template(tag.name)
    report.add(tag.byShape ? 'unknown_shortcode' : 'template_syntax', source, { ...at(tag.offset), target: tag.name, message: templateMessage(tag.family, tag.name, tag.byShape) })
  }
  for (const leak of reading.markdown) {
    report.add('markdown_in_html', source, {
      ...at(leak.offset),
      target: leak.name,
      message: `Markdown (${leak.name}) in an HTML document is shown as written: write it as HTML instead.`,
    })
  }
}

function mkdocsMessage(name: string): string {
  if (name === '--8<--') return 'This pymdown snippet line (--8<--, MkDocs) is printed as text: the build includes no files. Replace it with the text of the file it names.'
  if (name.startsWith('===')) return 'This content tab (=== "…", Material for MkDocs) is printed as text: the build reads plain Markdown. Write the tabs as headings or <details> elements.'
  const kind = name.startsWith('!!!') ? 'admonition' : 'collapsible block'
  return `The ${kind} ${name} (MkDocs, pymdown) is printed as text: the build reads plain Markdown. Write it as a block quote, HTML or <details>.`
}

function templateMessage(family: string, name: string, byShape?: boolean): string {
  switch (family) {
    case 'hugo':
      return name.startsWith('{{<') || name.startsWith('{{%')
        ? `The Hugo shortcode ${name} is printed as text: the build does not run Hugo. Replace it with the Markdown or HTML it produced, or remove it.`
        : `The Hugo template code ${name} (inside an inline shortcode) is printed as text: the build does not run Hugo. Replace the shortcode with what it produced.`
    case 'liquid':
      return `The Liquid tag ${name} is printed as text: the build does not run Liquid. Replace it with what it produced, or remove it.`
    case 'hexo':
      return `The Hexo tag ${name} is printed as text: the build does not run Hexo's tag plugins. Replace it with what it produced, or remove it.`
    case 'mkdocs':
      return mkdocsMessage(name)
    case 'wordpress':
      return byShape
        ? `${name} looks like a WordPress shortcode, which would be printed as text: replace it with the HTML it produced, or remove it (if it is meant as text, ignore this).`
        : `The WordPress shortcode ${name} is printed as text: replace it with the HTML WordPress produced for it, or remove it.`
    case 'attributes':
      return name === '{#id}'
        ? 'This heading ends with an id in braces ({#id}, kramdown, Goldmark and Docusaurus syntax), which plain Markdown prints as text. Remove it; keep the id, if links use it, as an empty <a id="…"></a> in the heading.'
        : 'This kramdown attribute list ({: …}, Jekyll) is printed as text: the build reads plain Markdown. Remove the line.'
    default:
      if (name.startsWith(':::')) return `The admonition ${name} (Docusaurus, remark-directive) is printed as text: the build reads plain Markdown. Write it as a block quote or HTML.`
      return name === 'import' || name === 'export'
        ? `This MDX ${name} statement is printed as text: the build reads plain Markdown. Remove it, and replace the components it brings in.`
        : `The JSX ${name} is not HTML: a browser shows only its text. Replace it with Markdown or HTML.`
  }
}

/**
 * One link or media URL: counted, resolved against the routes and media files, and reported when it leads nowhere.
 * `from` is the route of the published document it is in (-1 for drafts and fields), for reachability.
 */
function checkRef(
  ref: Pick<HtmlRef, 'kind' | 'url'>,
  place: Place,
  site: SiteIndex,
  report: Report,
  reach: Reachability,
  from: number,
): void {
  const target = site.classify(ref.url, place.route ?? -1)
  const { totals } = report
  if (target.kind === 'none') return
  if (ref.kind !== 'link') {
    if (target.kind === 'internal') checkMedia(ref.url, target.path, target.oldOrigin, place, site, report)
    return
  }
  const { source } = place
  if (target.kind === 'external') {
    totals.links.external++
    return
  }
  totals.links.internal++
  const resolved = site.resolve(target.path)
  if (resolved === null) {
    if (!site.hasMediaFiles() && (isFilePath(target.path) || site.mediaEntries.has(target.path))) {
      totals.links.not_checked++
      return
    }
    // An absolute link on site.url that no old origin names is the site's by the payload's claim alone; outside the
    // URLs the payload's patterns give, another application on the origin may answer it, or site.url may not be where
    // the site will live (a theme demo's baseURL). Said apart, as a warning. Relative and root-relative links are the
    // site's by construction, and every path of an origin the old site lived at was its own.
    if (target.claimed && !site.inPermalinkShape(target.path)) {
      totals.links.unknown_site_url++
      report.add('unknown_site_url', source, { ...located(place, site), target: ref.url, message: unknownSiteUrlMessage(ref.url, target.path, site) })
      return
    }
    totals.links.broken++
    report.add('broken_link', source, { ...located(place, site), target: ref.url, message: brokenLinkMessage(ref.url, target.path, target.oldOrigin, site) })
    return
  }
  if (!('route' in resolved)) {
    if (target.oldOrigin) oldOriginLink(ref.url, target.path, place, site, report)
    else totals.links.ok++
    return
  }
  const route = site.route(resolved.route)
  reach.link(from, resolved.route)
  if (target.oldOrigin) oldOriginLink(ref.url, target.path, place, site, report)
  else if (route.status === 'draft') {
    totals.links.to_drafts++
    report.add('link_to_draft', source, {
      ...located(place, site),
      target: ref.url,
      message: `The link "${ref.url}" leads to a draft (${route.url}). The contract leaves open whether a build publishes drafts: if it does not, this link breaks. Publish the target, or remove the link.`,
    })
  } else totals.links.ok++
}

// The findings of a link are made by functions of their own, not closures in checkRef: a closure there was allocated
// for each of the tens of thousands of links of a large site, which nearly all need none.
function oldOriginLink(url: string, path: string, place: Place, site: SiteIndex, report: Report): void {
  report.totals.links.old_origin++
  report.add('old_origin_link', place.source, {
    ...located(place, site),
    target: url,
    message: `The link "${url}" points at the old site: it works only while that site is up. Link to "${path}" instead.`,
  })
}

function brokenLinkMessage(url: string, path: string, oldOrigin: boolean, site: SiteIndex): string {
  if (url.includes('{{') || url.includes('{%')) {
    return `The link "${url}" leads nowhere: its URL holds template syntax the build does not run. Write the URL it produced.`
  }
  const near = site.nearMiss(path)
  const hint = near ? ` The site has "${near}": link to that.` : ' Fix the link, or add the document it meant.'
  const why = oldOrigin ? `It points at the old site, and this payload has nothing at "${path}".` : `No document${site.hasMediaFiles() ? ' or media file' : ''} of the site is at "${path}".`
  return `The link "${url}" leads nowhere. ${why}${hint}`
}

function unknownSiteUrlMessage(url: string, path: string, site: SiteIndex): string {
  const origin = site.siteUrl
  return `The link "${url}" is on the site's own address (site.url ${origin}), but the payload has nothing at "${path}" and no post, page or archive URL of the site has that shape. Served at ${origin}, the link is broken unless something else serves that path there; if the site will live elsewhere, set site.url to its address.`
}

/** A media URL on this site: its file must be among the media files (when they were given). */
function checkMedia(raw: string, path: string, oldOrigin: boolean, place: Place, site: SiteIndex, report: Report): void {
  const found = report.mediaFile(path)
  const { source } = place
  if (oldOrigin) {
    report.add('old_origin_link', source, {
      ...located(place, site),
      target: raw,
      message: `The media URL "${raw}" points at the old site: it works only while that site is up. Deliver the file with the new site and use "${path}".`,
    })
  }
  if (found === false) {
    report.add('missing_media', source, {
      ...located(place, site),
      target: raw,
      message: `The file for "${raw}" is not among the media files (looked for "${path.slice(1)}"): deliver the file there, or fix the URL.`,
    })
  }
}

/** Where a URL was written: a field (`source`), or a line of a document's body. */
interface Place {
  source: string
  /** The route of the document, when it is one: its URL is the base of relative links. */
  route?: number
  lines?: LineIndex
  offset?: number
}

function located(place: Place, site: SiteIndex): { url?: string; line?: number } {
  const { route, lines, offset } = place
  return { ...(route !== undefined ? { url: site.route(route).url } : {}), ...(lines && offset !== undefined ? { line: lines.line(offset) } : {}) }
}

/** Duplicate titles among published posts (after NFC and whitespace): readers cannot tell them apart in listings. */
function checkDuplicateTitles(documents: readonly SiteDocument[], report: Report): void {
  const first = new Map<string, SiteDocument>()
  for (const doc of documents) {
    if (doc.kind !== 'post' || doc.entity.status !== 'published') continue
    const title = doc.entity.title
    // Most titles are plain: normalizing each of a hundred thousand costs more than comparing them.
    const key = PLAIN_TITLE.test(title) ? title : title.normalize('NFC').trim().replace(/\s+/g, ' ')
    const earlier = first.get(key)
    if (!earlier) {
      first.set(key, doc)
      continue
    }
    report.add('duplicate_title', `${doc.source}/title`, {
      url: doc.url,
      target: earlier.url,
      message: `The post at ${earlier.url} has the same title ("${key}"): readers cannot tell them apart in listings and feeds. Give one of them another title.`,
    })
  }
}

const PLAIN_TITLE = /^[\x21-\x7e](?:[\x21-\x7e]| (?=[\x21-\x7e]))*$/

/** Media fields (favicon, logo, avatars, featured images, media entries), menus, custom HTML, a standalone front page. */
function checkSiteFields(payload: PreviewData, site: SiteIndex, report: Report, reach: Reachability): void {
  const media = (url: string | undefined, source: string) => {
    if (typeof url === 'string') checkRef({ kind: 'image', url }, { source }, site, report, reach, -1)
  }
  const link = (url: string | undefined, source: string) => {
    if (typeof url === 'string') checkRef({ kind: 'link', url }, { source }, site, report, reach, reach.root)
  }
  const { site: settings, content } = payload
  for (const key of ['icon', 'svg', 'png', 'apple_touch_icon', 'icon_dark'] as const) media(settings.favicon?.[key], pointer('site', 'favicon', key))
  media(settings.logo?.src, '/site/logo/src')
  content.authors.forEach((a, i) => a.avatar && media(a.avatar, `/content/authors/${i}/avatar`))
  content.posts.forEach((p, i) => p.featured_image && media(p.featured_image, `/content/posts/${i}/featured_image`))
  content.pages.forEach((p, i) => p.featured_image && media(p.featured_image, `/content/pages/${i}/featured_image`))
  content.media?.forEach((m, i) => media(m.src, `/content/media/${i}/src`))
  link(settings.newsletter?.signup_url, '/site/newsletter/signup_url')

  for (const [id, menu] of Object.entries(payload.menus ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const walk = (items: typeof menu.items, path: (string | number)[]) =>
      items.forEach((item, i) => {
        link(item.url, pointer(...path, i, 'url'))
        walk(item.children, [...path, i, 'children'])
      })
    walk(menu.items, ['menus', id, 'items'])
  }

  const html = (text: string | undefined, source: string) => {
    if (typeof text !== 'string') return
    const lines = new LineIndex(text)
    for (const ref of scanHtml(text).refs) checkRef(ref, { source, lines, offset: ref.offset }, site, report, reach, reach.root)
  }
  html(payload.custom_html?.head_end, '/custom_html/head_end')
  html(payload.custom_html?.body_end, '/custom_html/body_end')
  if (settings.front_page?.type === 'standalone_html') html(settings.front_page.html, '/site/front_page/html')
}

/** Collects findings and totals. */
class Report {
  readonly findings: CheckFinding[] = []
  readonly totals: CheckTotals
  /** Media paths seen, and whether their file is there (undefined: not checked). */
  private readonly media = new Map<string, boolean | undefined>()

  constructor(private readonly site: SiteIndex) {
    this.totals = {
      documents: 0,
      links: { internal: 0, ok: 0, broken: 0, old_origin: 0, to_drafts: 0, external: 0, not_checked: 0, unknown_site_url: 0 },
      media: { checked: site.hasMediaFiles(), files: 0, ok: 0, missing: 0 },
      templates: { total: 0, by_tag: {} },
      findings: { error: 0, warning: 0, info: 0 },
    }
  }

  add(code: CheckCode, source: string, details: Omit<CheckFinding, 'code' | 'severity' | 'source'>): void {
    const severity = CHECK_CODES[code]
    this.totals.findings[severity]++
    this.findings.push({ code, severity, source, ...details })
  }

  template(name: string): void {
    this.totals.templates.total++
    this.totals.templates.by_tag[name] = (this.totals.templates.by_tag[name] ?? 0) + 1
  }

  /** Records a use of a media path; returns whether its file is there (undefined when files are not checked). */
  mediaFile(path: string): boolean | undefined {
    if (this.media.has(path)) return this.media.get(path)
    const found = this.site.hasMediaFiles() ? this.site.hasFile(path) : undefined
    this.media.set(path, found)
    this.totals.media.files++
    if (found === true) this.totals.media.ok++
    if (found === false) this.totals.media.missing++
    return found
  }

  result(): CheckResult {
    const { totals } = this
    if (!this.site.hasMediaFiles() && (totals.media.files > 0 || totals.links.not_checked > 0)) {
      const links = totals.links.not_checked > 0 ? ` and ${totals.links.not_checked} link${totals.links.not_checked === 1 ? '' : 's'} to files` : ''
      this.add('media_not_checked', '', {
        message: `${totals.media.files} media file${totals.media.files === 1 ? '' : 's'}${links} were not checked: give the folder the files are served from (--media-dir, or mediaFiles) to check them.`,
      })
    }
    // Sorted keys: the same payload gives the same report, whatever order tags were met in.
    totals.templates.by_tag = Object.fromEntries(Object.entries(totals.templates.by_tag).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)))
    return { findings: this.findings, totals }
  }
}

