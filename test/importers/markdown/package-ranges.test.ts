import { describe, expect, test } from 'vitest'
import { dependencyMajor, dependencyNames, rangeMajor } from '../../../importers/markdown/presets/_package.js'

// The major version a site's package.json asks for, which decides a generator's version-dependent behaviour
// (Docusaurus 2's MDX 1 keeps indented code; gatsby-plugin-mdx 4 stopped compiling .md). npm's ranges as node-semver
// reads them (range.bnf: hyphen, x-ranges, tilde, caret, primitives, `||`; a leading `=` or `v` ignored): the major
// of the lowest version the range admits. Found by s10-review2: ">=2.0.0", "^2", "2", "2.x" and "~2" read as no version.
const RANGES: Array<[string, number | undefined]> = [
  ['^2.4.3', 2],
  ['^2', 2],
  ['~2', 2],
  ['~2.1', 2],
  ['~>2.1', 2],
  ['2', 2],
  ['2.x', 2],
  ['2.X.x', 2],
  ['2.*', 2],
  ['2.4.3', 2],
  ['=2.4.3', 2],
  ['v2.4.3', 2],
  ['=v2.4.3', 2],
  ['2.0.0-beta.6', 2],
  ['2.0.0-rc.1+build.5', 2],
  ['>=2.0.0', 2],
  ['>= 2.0.0', 2],
  ['>=2.0.0 <3', 2],
  ['<3 >=2.1', 2],
  ['>2.1', 2],
  ['>2.1.0', 2],
  ['>2', 3],
  ['>2.x', 3],
  ['2.0.0 - 3.1.0', 2],
  ['2 - 3', 2],
  ['^2 || ^2.5', 2],
  ['^2 || ^3', undefined],
  ['^0.7.0', 0],
  [' ^3.1.0 ', 3],
  ['workspace:^2.1.0', 2],
  ['workspace:*', undefined],
  ['workspace:~', undefined],
  ['npm:@docusaurus/core@^2.4.0', 2],
  ['npm:gatsby-plugin-mdx@3.20.0', 3],
  ['*', undefined],
  ['x', undefined],
  ['', undefined],
  ['<3', undefined],
  ['<=2.4.3', undefined],
  ['latest', undefined],
  ['next', undefined],
  ['github:facebook/docusaurus#v2.4.3', undefined],
  ['facebook/docusaurus#v2.4.3', undefined],
  ['git+https://github.com/facebook/docusaurus.git#v2.4.3', undefined],
  ['https://example.com/core-2.4.3.tgz', undefined],
  ['file:../core-2', undefined],
  ['link:../core', undefined],
  ['2.4.3 2', 2],
  ['2.0.0 - latest', undefined],
  ['^2 ||', undefined],
]

describe('the major version an npm range asks for', () => {
  test.each(RANGES)('%j → %s', (range, major) => {
    expect(rangeMajor(range)).toBe(major)
  })
})

describe("the major version of a package a site's package.json asks for", () => {
  test.each<[string, string | null, number | undefined]>([
    ['in dependencies', '{"dependencies":{"@docusaurus/core":">=2.0.0"}}', 2],
    ['in devDependencies', '{"devDependencies":{"@docusaurus/core":"^3.1.0"}}', 3],
    ['dependencies first', '{"dependencies":{"@docusaurus/core":"2.x"},"devDependencies":{"@docusaurus/core":"^3"}}', 2],
    ['not named', '{"dependencies":{"react":"^18"}}', undefined],
    ['not a string', '{"dependencies":{"@docusaurus/core":3}}', undefined],
    ['not JSON', '{"dependencies":', undefined],
    ['no file', null, undefined],
  ])('%s', (_name, text, major) => {
    expect(dependencyMajor(text, '@docusaurus/core')).toBe(major)
  })
})

// Detection reads the same file with the same reader: the names of all three lists (a theme package names its
// generator as a peer), nothing from a file that does not parse or lists that are no objects.
describe("the packages a site's package.json names", () => {
  test.each<[string, string | null, string[]]>([
    ['all three lists', '{"dependencies":{"hexo":"^7"},"devDependencies":{"astro":"^4"},"peerDependencies":{"@11ty/eleventy":"^2"}}', ['hexo', 'astro', '@11ty/eleventy']],
    ['a name in two lists once', '{"dependencies":{"gatsby":"^5"},"devDependencies":{"gatsby":"^5"}}', ['gatsby']],
    ['optionalDependencies are not read', '{"optionalDependencies":{"hexo":"^7"}}', []],
    ['a list that is no object', '{"dependencies":["hexo"],"devDependencies":"astro"}', []],
    ['not JSON', '{"dependencies":', []],
    ['not an object', '["hexo"]', []],
    ['no file', null, []],
  ])('%s', (_name, text, names) => {
    expect([...dependencyNames(text)]).toEqual(names)
  })
})
