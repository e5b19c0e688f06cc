import { isPlainObject } from '../front-matter.js'

/**
 * Which major version of a package a site's `package.json` asks for: the major of the range it gives the package
 * (`rangeMajor`); undefined when it names none, or a range that says no one major.
 * @example
 * dependencyMajor('{"dependencies":{"@docusaurus/core":"^2.4.3"}}', '@docusaurus/core') // 2
 */
export function dependencyMajor(packageText: string | null, name: string): number | undefined {
  const range = dependencyRange(packageText, name)
  return range === undefined ? undefined : rangeMajor(range)
}

/**
 * The range a site's `package.json` gives a package in its `dependencies`, else its `devDependencies`; undefined when
 * it names none.
 */
export function dependencyRange(packageText: string | null, name: string): string | undefined {
  const [dependencies, devDependencies] = dependencyLists(packageText)
  for (const deps of [dependencies, devDependencies]) {
    const range = deps?.[name]
    if (typeof range === 'string') return range
  }
  return undefined
}

/** Every package a site's `package.json` names in its `dependencies`, `devDependencies` or `peerDependencies`. */
export function dependencyNames(packageText: string | null): Set<string> {
  return new Set(dependencyLists(packageText).flatMap((deps) => (deps ? Object.keys(deps) : [])))
}

/**
 * A site's `package.json`'s `dependencies`, `devDependencies` and `peerDependencies` (undefined where one is missing
 * or no object). The file is read as JSON, never run; one that does not parse names nothing (it is not the site's
 * content, so nothing is reported).
 */
function dependencyLists(packageText: string | null): Array<Record<string, unknown> | undefined> {
  let data: unknown
  try {
    data = packageText === null ? undefined : JSON.parse(packageText)
  } catch {
    return []
  }
  if (!isPlainObject(data)) return []
  return [data.dependencies, data.devDependencies, data.peerDependencies].map((deps) => (isPlainObject(deps) ? deps : undefined))
}

/**
 * The major version of the lowest version an npm dependency's range admits (node-semver's grammar, range.bnf, and its
 * `minVersion`): `^2.4.3`, `~2`, `>=2.0.0`, `=v2.1.0`, `2`, `2.x`, `2.0.0-beta.6`, `2.0.0 - 3.1.0` → 2; `>2` is
 * `>=3.0.0` → 3. Alternatives (`^2 || ^3`) must agree, else the major is unknown, as it is for a range with no lower
 * bound (`*`, `<3`), a tag (`latest`) and anything not a range: git, file, link and URL specifiers. pnpm's and Yarn's
 * `workspace:` protocol and npm's `npm:name@range` aliases are read for the range they hold.
 */
export function rangeMajor(spec: string): number | undefined {
  const alias = /^npm:(?:@[^/@\s]+\/)?[^/@\s]+@(.*)$/s.exec(spec.trim())
  const range = alias ? alias[1] : spec.trim().replace(/^workspace:/, '')
  const majors = range.split('||').map(alternativeMajor)
  return majors.every((m) => m !== undefined && m === majors[0]) ? majors[0] : undefined
}

/** One version, partial or whole: `2`, `2.x`, `v2.4`, `2.0.0-beta.6+build`. */
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*])(?:\.(\d+|[xX*])(?:-[-0-9A-Za-z.]+)?(?:\+[-0-9A-Za-z.]+)?)?)?$/

/** The lowest major of one alternative: a hyphen range's start, else the highest lower bound of its comparators. */
function alternativeMajor(range: string): number | undefined {
  // node-semver takes `>= 2.0.0` as `>=2.0.0`: blanks after an operator are not a separator.
  const words = range.trim().replace(/([<>]=?|[=~^])\s+/g, '$1').split(/\s+/)
  if (words.length === 3 && words[1] === '-') {
    const start = PARTIAL.exec(words[0])?.[1]
    return start !== undefined && /^\d+$/.test(start) && PARTIAL.test(words[2]) ? Number(start) : undefined
  }
  let lowest: number | undefined
  for (const word of words) {
    const m = /^(<=?|>=?|=|~>?|\^)?(.*)$/s.exec(word) as RegExpExecArray
    const version = PARTIAL.exec(m[2])
    if (!version) return undefined
    if (m[1]?.startsWith('<')) continue
    if (!/^\d+$/.test(version[1])) continue
    // `>2` and `>2.x` admit 3.0.0 first; `>2.1` admits 2.2.0.
    const major = Number(version[1]) + (m[1] === '>' && (version[2] === undefined || !/^\d+$/.test(version[2])) ? 1 : 0)
    lowest = lowest === undefined ? major : Math.max(lowest, major)
  }
  return lowest
}
