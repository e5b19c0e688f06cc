// Found by the payload fuzz suite (seed 20261126, case 2): a menu nested 5,000 levels deep, 273 KB of payload, made
// `preview-data canonicalize` write 350 MB, since each level of indentation is written again on every line below
// it (the output grows with the square of the depth; 100,000 levels would be about 20 GB). No payload the validator
// accepts nests deeper than about 520 levels (menus: 256 item levels), so indented output refuses past 1,000.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { canonicalJsonChunks, PreviewDataError } from '../../../src/index.js'
import { validPayload } from '../../helpers/payload.js'
import { cli, tempDir } from '../../cli/_helpers.js'

/** A valid payload but for a menu nested `levels` item levels deep, as JSON text (JSON.stringify would overflow). */
function deepMenu(levels: number): string {
  const payload = JSON.stringify({ ...validPayload(), menus: { deep: { name: 'Deep', items: '@' } } })
  return payload.replace('"@"', '[{"title":"x","url":"/","target":"_self","children":'.repeat(levels) + '[]' + '}]'.repeat(levels))
}

test('canonicalize refuses, with its pointer, a payload too deep to write indented, and writes nothing', async () => {
  const dir = tempDir('pd-fuzz-reg-')
  writeFileSync(join(dir, 'deep.json'), deepMenu(5_000))
  const run = await cli(['canonicalize', 'deep.json', '-o', 'out.json'], dir)
  expect(run.code).toBe(1)
  expect(run.stderr).toMatch(/nested more than 1,000 levels/)
  // The pointer printed is at most the limit deep, whatever the depth of the input.
  expect(run.stderr.length).toBeLessThan(20_000)
  expect(existsSync(join(dir, 'out.json'))).toBe(false)
})

test('the limit is on indentation only: compact output and the deepest valid menus are written', () => {
  const value = JSON.parse(deepMenu(5_000)) as unknown
  expect(() => [...canonicalJsonChunks(value, 2)]).toThrow(PreviewDataError)
  expect(() => [...canonicalJsonChunks(value, 2)]).toThrow(expect.objectContaining({ code: 'invalid_payload', path: expect.stringMatching(/^\/menus\/deep\/items\/0(\/children\/0)+$/) }))
  expect([...canonicalJsonChunks(value, 0)].join('').length).toBeLessThan(300_000)
  const deepestValid = JSON.parse(deepMenu(255)) as unknown
  expect([...canonicalJsonChunks(deepestValid, 2)].join('').length).toBeGreaterThan(0)
})
