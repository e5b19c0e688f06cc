/**
 * A deterministic generator of realistic WordPress exports for the importer benchmark: Gutenberg and classic bodies
 * of 2–8 KB, attachments with PHP-serialized metadata, comments, a menu, a page hierarchy and every status.
 * The same `posts` count always gives the same bytes (a fixed-seed PRNG, no clock).
 *
 * Usage: npx tsx bench/generate-wxr.ts <posts> <out.xml>
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pathToFileURL } from 'node:url'
import { prng } from './generate-payload.js'

const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna ' +
  'aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute ' +
  'irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non ' +
  'proident sunt culpa qui officia deserunt mollit anim id est laborum garden coffee travel river mountain city music'
).split(' ')
const UNICODE_TITLES = ['Café crème', 'Ελληνικά νέα', 'سفر به اصفهان', '上海的春天', 'Москва зимой']

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Writes an export with `posts` posts to `out` and resolves when it is on disk.
 * @example
 * await generateWxr(10_000, 'bench/.data/wxr-10000.xml')
 */
export async function generateWxr(posts: number, out: string): Promise<void> {
  const rand = prng(posts * 7919 + 17)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
  const stream = createWriteStream(out)
  let buffer: string[] = []
  let size = 0
  const write = async (s: string) => {
    buffer.push(s)
    size += s.length
    if (size > 1 << 20) {
      if (!stream.write(buffer.join(''))) await once(stream, 'drain')
      buffer = []
      size = 0
    }
  }

  const host = 'https://bench.example'
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Bench Blog</title>
<link>${host}</link>
<description>A generated blog</description>
<pubDate>Mon, 01 Jun 2026 10:00:00 +0000</pubDate>
<language>en-US</language>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${host}</wp:base_site_url>
<wp:base_blog_url>${host}</wp:base_blog_url>
`)
  const authors = ['alice', 'bob', 'carol', 'dave']
  for (const [i, a] of authors.entries()) {
    await write(`<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a)}</wp:author_login><wp:author_email>${cdata(a + '@bench.example')}</wp:author_email><wp:author_display_name>${cdata(a[0].toUpperCase() + a.slice(1))}</wp:author_display_name><wp:author_first_name>${cdata('')}</wp:author_first_name><wp:author_last_name>${cdata('')}</wp:author_last_name></wp:author>\n`)
  }
  const categories = Array.from({ length: 40 }, (_, i) => `topic-${i}`)
  const tags = Array.from({ length: 400 }, (_, i) => `tag-${i}`)
  for (const [i, c] of categories.entries()) {
    await write(`<wp:category><wp:term_id>${i + 1}</wp:term_id><wp:category_nicename>${c}</wp:category_nicename><wp:category_parent>${i >= 10 && i < 20 ? categories[i - 10] : ''}</wp:category_parent><wp:cat_name>${cdata(`Topic ${i} &amp; more`)}</wp:cat_name></wp:category>\n`)
  }
  for (const [i, t] of tags.entries()) {
    await write(`<wp:tag><wp:term_id>${1000 + i}</wp:term_id><wp:tag_slug>${t}</wp:tag_slug><wp:tag_name>${cdata(`Tag ${i}`)}</wp:tag_name></wp:tag>\n`)
  }
  await write(`<wp:term><wp:term_id>5000</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>main</wp:term_slug><wp:term_name>${cdata('Main')}</wp:term_name></wp:term>\n`)

  let id = 10
  const pageIds: number[] = []
  const postIds: number[] = []
  const statuses = (r: number) => (r < 0.8 ? 'publish' : r < 0.88 ? 'draft' : r < 0.92 ? 'pending' : r < 0.95 ? 'future' : r < 0.97 ? 'private' : r < 0.99 ? 'trash' : 'auto-draft')

  const item = async (f: {
    id: number; title: string; slug: string; type: string; status: string; body: string; date: Date; parent?: number
    terms?: string; meta?: Array<[string, string]>; comments?: number; password?: string; attachmentUrl?: string; modified?: boolean; order?: number
  }) => {
    const d = f.date
    const local = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    const gmt = f.status === 'draft' || f.status === 'auto-draft' ? '0000-00-00 00:00:00' : local
    const link = f.type === 'page' ? `${host}/${f.slug}/` : f.type === 'post' && f.status === 'publish' ? `${host}/${local.slice(0, 4)}/${local.slice(5, 7)}/${f.slug}/` : `${host}/?p=${f.id}`
    const parts = [
      `<item><title>${cdata(f.title)}</title><link>${link}</link><pubDate>${d.toUTCString().replace('GMT', '+0000')}</pubDate>`,
      `<dc:creator>${cdata(pick(authors))}</dc:creator><guid isPermaLink="false">${host}/?p=${f.id}</guid><description></description>`,
      `<content:encoded>${cdata(f.body)}</content:encoded><excerpt:encoded>${cdata('')}</excerpt:encoded>`,
      `<wp:post_id>${f.id}</wp:post_id><wp:post_date>${cdata(local)}</wp:post_date><wp:post_date_gmt>${cdata(gmt)}</wp:post_date_gmt>`,
      f.modified ? `<wp:post_modified>${cdata(local)}</wp:post_modified><wp:post_modified_gmt>${cdata(gmt)}</wp:post_modified_gmt>` : '',
      `<wp:comment_status>${cdata('open')}</wp:comment_status><wp:ping_status>${cdata('open')}</wp:ping_status>`,
      `<wp:post_name>${cdata(f.status === 'draft' ? '' : f.slug)}</wp:post_name><wp:status>${cdata(f.status)}</wp:status>`,
      `<wp:post_parent>${f.parent ?? 0}</wp:post_parent><wp:menu_order>${f.order ?? 0}</wp:menu_order><wp:post_type>${cdata(f.type)}</wp:post_type>`,
      `<wp:post_password>${cdata(f.password ?? '')}</wp:post_password><wp:is_sticky>0</wp:is_sticky>`,
      f.attachmentUrl ? `<wp:attachment_url>${cdata(f.attachmentUrl)}</wp:attachment_url>` : '',
      f.terms ?? '',
      ...(f.meta ?? []).map(([k, v]) => `<wp:postmeta><wp:meta_key>${cdata(k)}</wp:meta_key><wp:meta_value>${cdata(v)}</wp:meta_value></wp:postmeta>`),
    ]
    for (let c = 0; c < (f.comments ?? 0); c++) {
      parts.push(`<wp:comment><wp:comment_id>${f.id * 10 + c}</wp:comment_id><wp:comment_author>${cdata('Reader ' + c)}</wp:comment_author><wp:comment_author_email>reader${c}@mail.example</wp:comment_author_email><wp:comment_date>${cdata(local)}</wp:comment_date><wp:comment_date_gmt>${cdata(local)}</wp:comment_date_gmt><wp:comment_content>${cdata(words(int(10, 60)))}</wp:comment_content><wp:comment_approved>${cdata(rand() < 0.9 ? '1' : '0')}</wp:comment_approved><wp:comment_type>${cdata('comment')}</wp:comment_type><wp:comment_parent>0</wp:comment_parent></wp:comment>`)
    }
    parts.push('</item>\n')
    await write(parts.join('\n'))
  }

  const body = (gutenberg: boolean, imageUrl: string | undefined, targetBytes: number) => {
    const out: string[] = []
    let bytes = 0
    let n = 0
    while (bytes < targetBytes) {
      let para = words(int(30, 90))
      para = para[0].toUpperCase() + para.slice(1) + '.'
      if (n % 4 === 1 && postIds.length > 0) para += ` See <a href="${host}/?p=${pick(postIds)}">an earlier post</a>.`
      if (n % 5 === 2) para = `<strong>${words(3)}</strong> ${para}`
      let chunk: string
      if (gutenberg) {
        if (n % 6 === 3) chunk = `<!-- wp:heading -->\n<h2 class="wp-block-heading">${words(4)}</h2>\n<!-- /wp:heading -->`
        else if (n === 1 && imageUrl) chunk = `<!-- wp:image {"sizeSlug":"medium"} -->\n<figure class="wp-block-image size-medium"><img src="${imageUrl.replace(/\.jpg$/, '-300x200.jpg')}" alt=""/></figure>\n<!-- /wp:image -->`
        else chunk = `<!-- wp:paragraph -->\n<p>${para}</p>\n<!-- /wp:paragraph -->`
      } else {
        if (n === 1 && imageUrl) chunk = `[caption id="attachment_1" align="alignnone" width="300"]<img src="${imageUrl.replace(/\.jpg$/, '-300x200.jpg')}" width="300" height="200" /> ${words(5)}[/caption]`
        else if (n % 9 === 5) chunk = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
        else chunk = para.replace(/\. /, '.\n')
      }
      out.push(chunk)
      bytes += chunk.length + 2
      n++
    }
    return out.join('\n\n')
  }

  const start = Date.UTC(2012, 0, 1)
  for (let i = 0; i < posts; i++) {
    const date = new Date(start + i * 3_600_000 * 7 + int(0, 3_600_000))
    let imageUrl: string | undefined
    const meta: Array<[string, string]> = [['_edit_last', '1']]
    if (rand() < 0.7) {
      const attId = id++
      const y = date.getUTCFullYear()
      const m = pad(date.getUTCMonth() + 1)
      const file = `${y}/${m}/photo-${attId}.jpg`
      imageUrl = `${host}/wp-content/uploads/${file}`
      const base = `photo-${attId}`
      const sizes = [['thumbnail', 150, 150], ['medium', 300, 200], ['large', 1024, 683]] as const
      const sizeMeta = sizes
        .map(([name, w, h]) => `s:${name.length}:"${name}";a:4:{s:4:"file";s:${`${base}-${w}x${h}.jpg`.length}:"${base}-${w}x${h}.jpg";s:5:"width";i:${w};s:6:"height";i:${h};s:9:"mime-type";s:10:"image/jpeg";}`)
        .join('')
      const serialized = `a:5:{s:5:"width";i:1600;s:6:"height";i:1067;s:4:"file";s:${file.length}:"${file}";s:5:"sizes";a:3:{${sizeMeta}}s:10:"image_meta";a:2:{s:7:"caption";s:0:"";s:5:"title";s:0:"";}}`
      await item({
        id: attId, title: `photo-${attId}`, slug: `photo-${attId}`, type: 'attachment', status: 'inherit', body: imageUrl, date,
        parent: id, attachmentUrl: imageUrl, meta: [['_wp_attached_file', file], ['_wp_attachment_metadata', serialized], ['_wp_attachment_image_alt', words(3)]],
      })
      meta.push(['_thumbnail_id', String(attId)])
    }
    const postId = id++
    const status = statuses(rand())
    const title = i % 50 === 7 ? `${pick(UNICODE_TITLES)} ${i}` : words(int(3, 8)).replace(/^./, (c) => c.toUpperCase())
    const slug = i % 50 === 7 ? encodeURIComponent(title.toLowerCase().replace(/ /g, '-')).toLowerCase() : `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`
    const terms = [
      `<category domain="category" nicename="${pick(categories)}">${cdata('Topic')}</category>`,
      ...Array.from({ length: int(0, 4) }, () => { const t = pick(tags); return `<category domain="post_tag" nicename="${t}">${cdata(t.replace('tag-', 'Tag '))}</category>` }),
    ].join('')
    await item({
      id: postId, title: esc(title), slug, type: 'post', status, body: body(rand() < 0.5, imageUrl, int(2000, 8000)), date, terms, meta,
      comments: int(0, 5), password: rand() < 0.01 ? 'secret' : '', modified: rand() < 0.5,
    })
    if (status === 'publish') postIds.push(postId)
    if (i % 100 === 0) {
      const pid = id++
      const parent = pageIds.length > 0 && rand() < 0.5 ? pick(pageIds) : 0
      await item({ id: pid, title: `Page ${i}`, slug: `page-${i}`, type: 'page', status: 'publish', body: body(false, undefined, 1500), date, parent, order: i })
      pageIds.push(pid)
    }
  }
  for (let m = 0; m < 10; m++) {
    const target = m < 5 && pageIds[m] ? `<wp:postmeta><wp:meta_key>_menu_item_type</wp:meta_key><wp:meta_value>post_type</wp:meta_value></wp:postmeta><wp:postmeta><wp:meta_key>_menu_item_object</wp:meta_key><wp:meta_value>page</wp:meta_value></wp:postmeta><wp:postmeta><wp:meta_key>_menu_item_object_id</wp:meta_key><wp:meta_value>${pageIds[m]}</wp:meta_value></wp:postmeta>` : `<wp:postmeta><wp:meta_key>_menu_item_type</wp:meta_key><wp:meta_value>custom</wp:meta_value></wp:postmeta><wp:postmeta><wp:meta_key>_menu_item_url</wp:meta_key><wp:meta_value>https://elsewhere.example/${m}</wp:meta_value></wp:postmeta>`
    await write(`<item><title>${m < 5 ? '' : 'Link ' + m}</title><wp:post_id>${id++}</wp:post_id><wp:post_type>nav_menu_item</wp:post_type><wp:status>publish</wp:status><wp:menu_order>${m + 1}</wp:menu_order><category domain="nav_menu" nicename="main">Main</category>${target}</item>\n`)
  }
  await write('</channel>\n</rss>\n')
  stream.end(buffer.join(''))
  await once(stream, 'finish')
}

// Run as a script only when this very file is the entry (not when bundled into the benchmark).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && /generate-wxr\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  const posts = Number(process.argv[2] ?? 1000)
  const out = process.argv[3] ?? `bench/.data/wxr-${posts}.xml`
  await generateWxr(posts, out)
  console.log(`wrote ${out}`)
}
