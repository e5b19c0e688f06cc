import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MAP_ID_PATTERN } from '../../../src/contract/constants.js'
import { suggestMapId } from '../../../src/validate/primitives/index.js'

describe('suggestMapId', () => {
  test.each([
    { id: 'Footer', kind: 'Menu', suggestion: 'footer' },
    { id: 'Main Menu', kind: 'Menu', suggestion: 'main-menu' },
    { id: '2024', kind: 'Collection', suggestion: 'collection-2024' },
    { id: '', kind: 'Widget-area', suggestion: 'widget-area' },
    { id: 'Página', kind: 'Menu', suggestion: 'pagina' },
    { id: '__proto__', kind: 'Menu', suggestion: 'proto__' },
    { id: '😀', kind: 'widget area', suggestion: 'widget-area' },
    { id: 'a'.repeat(65), kind: 'Menu', suggestion: 'a'.repeat(64) },
    { id: `${'a'.repeat(63)} b`, kind: 'Menu', suggestion: 'a'.repeat(63) },
  ])('$id → $suggestion', ({ id, kind, suggestion }) => {
    expect(suggestMapId(id, kind)).toBe(suggestion)
  })

  test('always suggests a valid map id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('Menu', 'Widget-area', 'Collection', 'widget area'), (id, kind) => {
        expect(suggestMapId(id, kind)).toMatch(MAP_ID_PATTERN)
      }),
      { numRuns: 2000 },
    )
  })
})
