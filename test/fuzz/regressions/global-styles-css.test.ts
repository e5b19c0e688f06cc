import { describe, expect, test } from 'vitest'
import { globalStylesCss, nestedBlockCss } from '../../../importers/wordpress/theme-css.js'
import { growth } from './_growth.js'

// A block theme's global styles (a wp_global_styles item's JSON) come from the export: a block's custom CSS with a
// long run of spaces, or a block key that is a selector list, must take time and give CSS linear in their size, and
// never end the import in 'Invalid string length' (found by the session 6 hunt on the new theme CSS code).
// Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const list = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(',')
const stylesWith = (name: string, css: string) => JSON.stringify({ styles: { blocks: { [name]: { css } } } })

describe('global styles CSS takes time linear in its size', () => {
  test.each([
    ['a nested rule whose selector is a long run of spaces (a pseudo-element looked for at each)', (n: number) => nestedBlockCss(`&${' '.repeat(n)}a{color:red}`, '.wp-block-quote'), 20_000],
    ['a block key of many selectors, its CSS of many rules', (n: number) => globalStylesCss(stylesWith(list('a', n), '&:hover{x:y}'.repeat(n))), 500],
    ['a heading (six selectors) scoping a list of many selectors', (n: number) => globalStylesCss(stylesWith('core/heading', `& ${list('b', n)}{x:y}`)), 2000],
  ] as const)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

describe('a block key that names no block is not printed', () => {
  test('a selector list of 3,000, scoping a list of 3,000 (9,000,000 selectors, over the longest string)', () => {
    const css = globalStylesCss(stylesWith(list('a', 3000), `& ${list('b', 3000)}{x:y}`))
    expect(css).toEqual({ blocks: '', root: '' })
  })

  test.each([
    ['core/quote', true],
    ['acme/price-card-2', true],
    ['Core/Quote', false],
    ['quote', false],
    ['core/quote,a', false],
    ['core/quote a', false],
  ])('%s printed: %s', (name, printed) => {
    expect(globalStylesCss(stylesWith(name, 'margin:0')).blocks !== '').toBe(printed)
  })
})
