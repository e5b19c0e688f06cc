import { attrs, escapeHtml, inlineMarkup, safeUrl } from './_html.js'

/**
 * The helper includes of Minimal Mistakes, the most used Jekyll theme (a gem or `remote_theme`, so its `_includes/`
 * are not in the site's folder): `figure`, `gallery`, `feature_row` and `video`, written as the HTML the theme's
 * documentation shows (https://mmistakes.github.io/minimal-mistakes/docs/helpers/). Each is recognised by its
 * documented parameters, never by its name alone, and only where the site has no include of that name.
 * Undefined when the include is not one of them: the caller reports it as missing.
 */
export function themeInclude(name: string, params: Record<string, unknown>, page: Record<string, unknown>, baseurl: string): string | undefined {
  const url = (v: unknown) => (typeof v === 'string' && v !== '' ? safeUrl(/^\/(?!\/)/.test(v) ? baseurl + v : v) : undefined)
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined)
  switch (name) {
    case 'figure':
    case 'figure.html': {
      const src = url(params.image_path)
      if (src === undefined) return undefined
      const caption = text(params.caption)
      const popup = params.popup === true || params.popup === 'true'
      const img = `<img${attrs([['src', src], ['alt', text(params.alt) ?? '']])}>`
      return `<figure${attrs([['class', text(params.class)]])}>${popup ? `<a href="${escapeHtml(src)}">${img}</a>` : img}${caption ? `<figcaption>${inlineMarkup(caption)}</figcaption>` : ''}</figure>`
    }
    case 'gallery':
    case 'gallery.html': {
      const items = page[text(params.id) ?? 'gallery']
      if (!Array.isArray(items)) return undefined
      const images = items.filter((i): i is Record<string, unknown> => i !== null && typeof i === 'object' && url(i.image_path) !== undefined)
      if (images.length === 0) return undefined
      const layout = text(params.layout) ?? (images.length === 2 ? 'half' : images.length >= 3 ? 'third' : '')
      const cls = [layout, text(params.class)].filter((c) => c).join(' ')
      const shown = images.map((i) => {
        const img = `<img${attrs([['src', url(i.image_path)], ['alt', text(i.alt) ?? '']])}>`
        const link = url(i.url)
        return link ? `<a${attrs([['href', link], ['title', text(i.title)]])}>${img}</a>` : img
      })
      const caption = text(params.caption)
      return `<figure${attrs([['class', cls || undefined]])}>${shown.join('')}${caption ? `<figcaption>${inlineMarkup(caption)}</figcaption>` : ''}</figure>`
    }
    case 'feature_row':
    case 'feature_row.html': {
      const items = page[text(params.id) ?? 'feature_row']
      if (!Array.isArray(items)) return undefined
      const blocks = items
        .filter((i): i is Record<string, unknown> => i !== null && typeof i === 'object')
        .map((i) => {
          const src = url(i.image_path)
          const image = src ? `<img${attrs([['src', src], ['alt', text(i.alt) ?? '']])}>${text(i.image_caption) ? `<span class="feature-caption">${inlineMarkup(text(i.image_caption) as string)}</span>` : ''}` : ''
          const title = text(i.title) ? `<h2>${inlineMarkup(text(i.title) as string)}</h2>` : ''
          const excerpt = text(i.excerpt) ? `<p>${inlineMarkup(text(i.excerpt) as string)}</p>` : ''
          const link = url(i.url)
          const button = link ? `<p><a${attrs([['href', link], ['class', ['btn', text(i.btn_class)].filter((c) => c).join(' ')]])}>${escapeHtml(text(i.btn_label) ?? 'Learn more')}</a></p>` : ''
          return `<div class="feature__item">${image}${title}${excerpt}${button}</div>`
        })
      if (blocks.length === 0) return undefined
      return `<div${attrs([['class', ['feature__wrapper', text(params.type) ? `feature__item--${text(params.type)}` : ''].filter((c) => c).join(' ')]])}>${blocks.join('')}</div>`
    }
    case 'video':
    case 'video.html': {
      const id = text(params.id)
      const src = id === undefined || !/^[\w-]+(?:\?[\w=&-]*)?$/.test(id) ? undefined : videoUrl(text(params.provider), id, text(params.danmaku))
      if (src === undefined) return undefined
      return `<div class="responsive-video-container"><iframe${attrs([['src', src], ['frameborder', '0'], ['allow', 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture'], ['allowfullscreen', true]])}></iframe></div>`
    }
  }
  return undefined
}

/** The player URL of the theme's video providers (privacy-enhanced YouTube and Vimeo, as the theme embeds them). */
function videoUrl(provider: string | undefined, id: string, danmaku: string | undefined): string | undefined {
  switch (provider) {
    case 'youtube':
      return `https://www.youtube-nocookie.com/embed/${id}`
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}?dnt=true`
    case 'google-drive':
      return `https://drive.google.com/file/d/${id}/preview`
    case 'bilibili':
      return `https://player.bilibili.com/player.html?bvid=${id}&page=1&as_wide=1&high_quality=1&danmaku=${danmaku === '1' ? 1 : 0}`
  }
  return undefined
}
