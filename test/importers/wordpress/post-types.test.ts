import { describe, expect, test } from 'vitest'
import { parsePostTypes, productData } from '../../../importers/wordpress/post-types.js'
import type { Variation } from '../../../importers/wordpress/post-types.js'

describe('parsePostTypes', () => {
  const cases = [
    { values: ['product=page'], want: { product: 'page' } },
    { values: ['Portfolio=POST', 'nova_menu_item=page'], want: { portfolio: 'post', nova_menu_item: 'page' } },
    { values: [], want: {} },
  ]
  test.each(cases)('$values', ({ values, want }) => expect(parsePostTypes(values)).toEqual(want))
  test.each([['product'], ['product=article'], ['post=page'], ['a b=page'], ['x'.repeat(21) + '=page']])('refuses %s', (value) => {
    expect(typeof parsePostTypes([value])).toBe('string')
  })
})

describe('productData', () => {
  const attributes = 'a:2:{s:8:"pa_color";a:6:{s:4:"name";s:8:"pa_color";s:5:"value";s:0:"";s:8:"position";i:1;s:10:"is_visible";i:1;s:12:"is_variation";i:1;s:11:"is_taxonomy";i:1;}s:4:"logo";a:6:{s:4:"name";s:4:"Logo";s:5:"value";s:8:"Yes | No";s:8:"position";i:0;s:10:"is_visible";i:1;s:12:"is_variation";i:0;s:11:"is_taxonomy";i:0;}}'
  const terms = [
    { domain: 'product_type', nicename: 'variable', name: 'variable' },
    { domain: 'product_cat', nicename: 'tshirts', name: 'Tshirts' },
    { domain: 'pa_color', nicename: 'blue', name: 'Blue' },
    { domain: 'pa_color', nicename: 'red', name: 'Red' },
  ]
  test('a variable product with its variations folded in', () => {
    const variations: Variation[] = [
      { id: 31, parent: 30, title: 'Tee - Red', menuOrder: 2, status: 'publish', meta: { attribute_pa_color: 'red', _price: '20', _sku: 'tee-red' } },
      { id: 32, parent: 30, title: 'Tee - Blue', menuOrder: 1, status: 'publish', meta: { attribute_pa_color: 'blue', _price: '15.50', _regular_price: '18', _sale_price: '15.50' } },
      { id: 33, parent: 30, title: 'Tee - Any', menuOrder: 3, status: 'private', meta: { attribute_pa_color: '' } },
    ]
    expect(productData({ _price: '15.50', _sku: 'tee', _stock_status: 'instock', _product_attributes: attributes }, terms, variations)).toEqual({
      type: 'variable',
      sku: 'tee',
      price: 15.5,
      stock_status: 'instock',
      attributes: [
        { key: 'logo', name: 'Logo', values: ['Yes', 'No'], variation: false },
        { key: 'pa_color', name: 'Color', values: ['Blue', 'Red'], variation: true },
      ],
      categories: ['Tshirts'],
      variations: [
        { id: 32, title: 'Tee - Blue', price: 15.5, regular_price: 18, sale_price: 15.5, attributes: [{ name: 'Color', value: 'blue' }] },
        { id: 31, title: 'Tee - Red', sku: 'tee-red', price: 20, attributes: [{ name: 'Color', value: 'red' }] },
      ],
    })
  })
  test('an item that is no product gives nothing', () => {
    expect(productData({}, [{ domain: 'category', nicename: 'x', name: 'X' }], [])).toBeUndefined()
  })
  test('broken serialized attributes and prices are left out, not guessed', () => {
    expect(productData({ _price: 'free', _product_attributes: 'a:1:{' }, [{ domain: 'product_type', nicename: 'simple', name: 'simple' }], [])).toEqual({ type: 'simple' })
  })
})
