import type { Rule } from './_context.js'

/** `media_delivery_mode: media_domain` needs a non-empty `media_origin`. */
export const mediaDomain: Rule = {
  code: 'media_origin_required',
  check(ctx) {
    const site = ctx.site
    if (site?.media_delivery_mode !== 'media_domain' || (typeof site.media_origin === 'string' && site.media_origin !== '')) return []
    return [{ code: 'media_origin_required', path: '/site/media_origin', message: 'site.media_delivery_mode is "media_domain" but site.media_origin is empty: set media_origin to the media host (e.g. https://media.example.com) or use media_delivery_mode "none".' }]
  },
}
