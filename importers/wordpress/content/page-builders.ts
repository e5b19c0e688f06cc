import { autop } from './autop.js'

// The sections that open a page builder's layout: WPBakery's rows, Divi's sections, Avada's containers; Enfold's
// text blocks (its layouts hold all their text in them).
const LAYOUT_OPENERS = ['[vc_row', '[et_pb_section', '[fusion_builder_container', '[av_textblock']

// The builders' text elements, whose content the builder itself puts in paragraphs (wpautop) when it prints them.
const TEXT_ELEMENTS = [
  'vc_column_text', 'vc_message', 'vc_toggle', 'vc_cta', 'et_pb_text', 'et_pb_blurb', 'et_pb_toggle', 'et_pb_tab', 'et_pb_cta',
  'et_pb_accordion_item', 'et_pb_testimonial', 'et_pb_slide', 'et_pb_team_member', 'fusion_text', 'fusion_tab', 'fusion_toggle', 'fusion_content_box', 'av_textblock',
]

/**
 * Whether a classic body is a page builder's layout (WPBakery, Divi, Avada, Enfold): shortcodes for rows, columns and
 * elements, which the builder prints itself, so `wpautop` must not wrap them in paragraphs.
 */
export function isBuilderLayout(html: string): boolean {
  return html.includes('[') && LAYOUT_OPENERS.some((opener) => html.includes(opener))
}

/**
 * A page builder's layout with each text element's content in paragraphs, as the builder prints it, and nothing
 * else wrapped: the layout's shortcodes are rendered or removed afterwards, and headings, images and buttons drawn
 * from their attributes then stand between paragraphs instead of inside one.
 * @example
 * builderAutop('[vc_row][vc_column_text]One\n\nTwo[/vc_column_text][/vc_row]') // '[vc_row][vc_column_text]<p>One</p>\n<p>Two</p>\n[/vc_column_text][/vc_row]'
 */
export function builderAutop(html: string): string {
  let out = html
  for (const tag of TEXT_ELEMENTS) {
    const closer = `[/${tag}]`
    if (!out.includes(closer)) continue
    // Each closing tag ends the text that began after the last opening tag before it (text elements do not nest).
    const pieces = out.split(closer)
    for (let i = 0; i < pieces.length - 1; i++) {
      const start = openerEnd(pieces[i], tag)
      if (start >= 0) pieces[i] = pieces[i].slice(0, start) + autop(pieces[i].slice(start))
    }
    out = pieces.join(closer)
  }
  return out
}

/** Where the content of the last `[tag …]` in `text` begins, or -1. */
function openerEnd(text: string, tag: string): number {
  let at = text.lastIndexOf(`[${tag}`)
  while (at >= 0) {
    const next = text[at + tag.length + 1]
    if (next === ']' || next === ' ' || next === '\t' || next === '\n') {
      const end = text.indexOf(']', at)
      return end < 0 ? -1 : end + 1
    }
    at = text.lastIndexOf(`[${tag}`, at - 1)
  }
  return -1
}
