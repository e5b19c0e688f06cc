import { describe, expect, test } from 'vitest'
import { activeTheme, blockSelector, globalStylesCss, globalStylesCustomized, nestedBlockCss, themeStylesheet } from '../../../importers/wordpress/theme-css.js'

// What WordPress 6.6+ prints for a block's custom CSS in global styles (WP_Theme_JSON::process_blocks_custom_css).
describe('nestedBlockCss', () => {
  test.each([
    ['declarations only', 'color: red;', '.wp-block-quote', ':root :where(.wp-block-quote){color: red;}'],
    ['appended to the selector', '&:hover{color:red}', '.wp-block-quote', ':root :where(.wp-block-quote:hover){color:red}'],
    ['scoped in the selector', 'color:red; & a{color:blue}', '.wp-block-quote', ':root :where(.wp-block-quote){color:red;}:root :where(.wp-block-quote a){color:blue}'],
    ['appended to each of a list', '&.x{margin:0}', 'ol,ul', ':root :where(ol.x,ul.x){margin:0}'],
    ['scoped in each of a list', '& em{margin:0}', 'ol,ul', ':root :where(ol em, ul em){margin:0}'],
    ['a pseudo-element outside :where', '&::before{content:"»"}', '.wp-block-quote', ':root :where(.wp-block-quote)::before{content:"»"}'],
    ['a rule with two blocks is dropped', '& a{color:red} b{color:blue}', '.wp-block-quote', ''],
    ['empty', '', '.wp-block-quote', ''],
  ])('%s', (_name, css, selector, expected) => {
    expect(nestedBlockCss(css, selector)).toBe(expected)
  })
})

describe('blockSelector', () => {
  test.each([
    ['core/paragraph', 'p'],
    ['core/heading', 'h1,h2,h3,h4,h5,h6'],
    ['core/cover', '.wp-block-cover'],
    ['acme/price-card', '.wp-block-acme-price-card'],
  ])('%s → %s', (name, selector) => {
    expect(blockSelector(name)).toBe(selector)
  })
})

describe('globalStylesCss', () => {
  test.each([
    ['styles.css', '{"styles":{"css":"body{margin:0}"}}', { blocks: '', root: 'body{margin:0}' }],
    ['and each block\'s', '{"styles":{"blocks":{"core/cover":{"css":"min-height:0"},"core/quote":{"css":"margin:0"}},"css":"a{b:c}"}}', { blocks: ':root :where(.wp-block-cover){min-height:0}:root :where(.wp-block-quote){margin:0}', root: 'a{b:c}' }],
    ['no css', '{"styles":{"color":{"text":"#000"}},"version":3}', { blocks: '', root: '' }],
    ['not JSON', '{"styles":', { blocks: '', root: '' }],
    ['not an object', '["styles"]', { blocks: '', root: '' }],
    ['css of the wrong type', '{"styles":{"css":7,"blocks":{"core/cover":{"css":[1]}}}}', { blocks: '', root: '' }],
  ])('%s', (_name, json, css) => {
    expect(globalStylesCss(json)).toEqual(css)
  })
})

// WordPress 6.7+ (wp_enqueue_global_styles, block themes): the blocks' CSS with the global styles, the Customizer's
// CSS moved after them, then styles.css.
describe('themeStylesheet', () => {
  const global = { postType: 'wp_global_styles' as const, content: 'g{}', blocks: ':root :where(p){}' }
  const customizer = { postType: 'custom_css' as const, content: 'c{}' }
  test.each([
    ['both', [customizer, global], ':root :where(p){}\nc{}\ng{}'],
    ['the Customizer\'s only', [customizer], 'c{}'],
    ['global styles only', [global], ':root :where(p){}\ng{}'],
    ['blocks\' CSS only', [{ ...global, content: '' }], ':root :where(p){}'],
    ['nothing', [], ''],
  ])('%s', (_name, used, css) => {
    expect(themeStylesheet(used)).toBe(css)
  })
})

describe('globalStylesCustomized', () => {
  test.each([
    ['what the site editor creates for each theme it opens', '{"version": 3, "isGlobalStylesUserThemeJSON": true }', false],
    ['empty styles and settings', '{"version":2,"isGlobalStylesUserThemeJSON":true,"styles":{},"settings":{}}', false],
    ['a color', '{"version":3,"isGlobalStylesUserThemeJSON":true,"styles":{"color":{"text":"#111"}}}', true],
    ['not JSON', 'x', false],
  ])('%s', (_name, json, customized) => {
    expect(globalStylesCustomized(json)).toBe(customized)
  })
})

describe('activeTheme', () => {
  test.each([
    ['nothing customized', [], undefined],
    ['the theme customized last', [{ theme: 'a', modified: '2024-01-01 00:00:00', id: 1 }, { theme: 'b', modified: '2023-01-01 00:00:00', id: 2 }], 'a'],
    ['same time: the later item', [{ theme: 'a', modified: '2024-01-01 00:00:00', id: 3 }, { theme: 'b', modified: '2024-01-01 00:00:00', id: 2 }], 'a'],
  ])('%s', (_name, activity, theme) => {
    expect(activeTheme(activity)).toBe(theme)
  })
})
