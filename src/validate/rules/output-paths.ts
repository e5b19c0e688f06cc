import { categoryRoute, isSafeOutputPath, pageRoute, postRoute, tagRoute } from '../../routes/index.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Every computed output path stays inside the output root after token substitution and output-style conversion. */
export const outputPaths: Rule = {
  code: 'unsafe_output_path',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const site = ctx.routeSite()
    const test = (path: string, at: string, what: string) => {
      if (!isSafeOutputPath(path)) issues.push({ code: 'unsafe_output_path', path: at, message: `${what} would be written to "${path}", outside the output root: fix its slug or path.` })
    }
    ctx.list('posts').forEach((item, i) => {
      const post = record(item)
      const slug = str(post, 'slug')
      if (slug === undefined) return
      const id = typeof post?.public_id === 'number' ? post.public_id : 0
      const published = str(post, 'published_at_iso') ?? ''
      test(postRoute({ slug, public_id: id, published_at_iso: published }, site).output_path, pointer('content', 'posts', i, 'slug'), `post "${slug}"`)
    })
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      const slug = str(page, 'slug')
      if (slug === undefined) return
      const path = str(page, 'path')
      test(pageRoute({ slug, path }, site).output_path, pointer('content', 'pages', i, path === undefined ? 'slug' : 'path'), `page "${path ?? slug}"`)
    })
    for (const kind of ['categories', 'tags'] as const) {
      ctx.list(kind).forEach((item, i) => {
        const slug = str(record(item), 'slug')
        if (slug === undefined) return
        const route = kind === 'categories' ? categoryRoute(slug, site) : tagRoute(slug, site)
        test(route.output_path, pointer('content', kind, i, 'slug'), `${kind === 'categories' ? 'category' : 'tag'} "${slug}"`)
      })
    }
    return issues
  },
}
