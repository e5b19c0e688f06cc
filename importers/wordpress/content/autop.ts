import { autop } from '@wordpress/autop'

// The shortcodes that render block-level HTML; WordPress's `shortcode_unautop` unwraps them from the paragraph
// `wpautop` puts around them, so a figure never ends up inside a <p>.
const BLOCK_SHORTCODES = 'caption|wp_caption|gallery|embed|audio|video|playlist'
const WRAPPED = new RegExp(`<p>\\s*(\\[(${BLOCK_SHORTCODES})\\b[^\\]]*\\](?:[\\s\\S]*?\\[\\/\\2\\])?)\\s*(?:<br\\s*\\/?>\\s*)?<\\/p>`, 'g')

/**
 * Adds paragraphs to a classic-editor body the way WordPress's `wpautop` does, then `shortcode_unautop`.
 * @example
 * classicAutop('One\n\nTwo') // '<p>One</p>\n<p>Two</p>\n'
 */
export function classicAutop(html: string): string {
  if (html.trim() === '') return ''
  return autop(html).replace(WRAPPED, '$1')
}
