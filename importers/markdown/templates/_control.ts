import { Parser, UNKNOWN, tokenize } from './_expr.js'
import type { Expr, Value , ExprError} from './_expr.js'
import type { BlockHandler, Branch, Run, Source, TagHandler } from './_engine.js'

/**
 * Control flow shared by Liquid and Nunjucks: `if`/`unless`/`case` and `for`/`tablerow` over front matter and site
 * data. A condition or a list the importer cannot know keeps the content (every branch, or the loop body once) and
 * is reported, so nothing is lost silently and nothing is guessed.
 */

const keptAll = (what: string) => `${what} depends on data the importer does not have (the site's generated lists, global data or a plugin); the content of every branch was kept. Check the page and keep the branch that applies.`

function renderFrom(run: Run, branches: Branch[], from: number, src: Source) {
  for (let j = from; j < branches.length; j++) {
    const signal = run.render(branches[j].body, src)
    if (signal) return signal
  }
  return undefined
}

export const ifBlock: BlockHandler = (run, node, src) => {
  const branches = node.branches
  for (let i = 0; i < branches.length; i++) {
    const b = branches[i]
    if (b.name === 'else') {
      run.find(src, node.at, node.name, 'expanded')
      return run.render(b.body, src)
    }
    let c = run.truthy(run.evalText(b.markup))
    if (i === 0 && node.name === 'unless' && c !== UNKNOWN) c = !c
    if (c === UNKNOWN) {
      run.find(src, b.at, node.name, 'removed', keptAll(`{% ${b.name} ${b.markup} %}`))
      return renderFrom(run, branches, i, src)
    }
    if (c) {
      run.find(src, node.at, node.name, 'expanded')
      return run.render(b.body, src)
    }
  }
  run.find(src, node.at, node.name, 'expanded')
  return undefined
}

/** The values after `when`: separated by commas or `or`. */
function whenValues(run: Run, markup: string): Value[] | typeof UNKNOWN {
  try {
    const toks = tokenize(markup)
    const values: Value[] = []
    let group: typeof toks = []
    const flush = () => {
      if (group.length === 0) return
      const p = new Parser(group, run.dialect.syntax)
      values.push(run.eval(p.top()))
      group = []
    }
    for (const t of toks) {
      if ((t.t === 'p' && t.v === ',') || (t.t === 'id' && t.v === 'or')) flush()
      else group.push(t)
    }
    flush()
    return values.includes(UNKNOWN) ? UNKNOWN : values
  } catch {
    return UNKNOWN
  }
}

export const caseBlock: BlockHandler = (run, node, src) => {
  const subject = run.evalText(node.branches[0].markup)
  const branches = node.branches.slice(1)
  if (subject === UNKNOWN) {
    run.find(src, node.at, 'case', 'removed', keptAll(`{% case ${node.branches[0].markup} %}`))
    return renderFrom(run, branches, 0, src)
  }
  for (let i = 0; i < branches.length; i++) {
    const b = branches[i]
    if (b.name === 'else') {
      run.find(src, node.at, 'case', 'expanded')
      return run.render(b.body, src)
    }
    const values = whenValues(run, b.markup)
    if (values === UNKNOWN) {
      run.find(src, b.at, 'case', 'removed', keptAll(`{% when ${b.markup} %}`))
      return renderFrom(run, branches, i, src)
    }
    if (values.some((v) => v === subject || (typeof v === 'number' && String(v) === subject))) {
      run.find(src, node.at, 'case', 'expanded')
      return run.render(b.body, src)
    }
  }
  run.find(src, node.at, 'case', 'expanded')
  return undefined
}

interface LoopSpec {
  names: string[]
  collection: Expr
  params: Map<string, Expr | true>
}

function loopSpec(run: Run, markup: string): LoopSpec {
  const p = run.parser(markup)
  const names = [p.ident()]
  while (p.eat(',')) names.push(p.ident())
  p.expect('in')
  const collection = run.dialect.syntax === 'liquid' ? parseValue(p) : p.top()
  const params = new Map<string, Expr | true>()
  while (!p.done()) {
    if (p.eat(',')) continue
    const name = p.ident()
    if (p.eat(':')) params.set(name, parseValue(p))
    else params.set(name, true)
  }
  return { names, collection, params }
}

/** A single Liquid value (a variable, a literal or a range), without operators. */
function parseValue(p: Parser): Expr {
  return p.or()
}

/** The items a loop walks: arrays as they are, a map as [key, value] pairs, a string or other value once. */
function items(value: Value): unknown[] {
  if (Array.isArray(value)) return value
  if (value === null || value === undefined || value === false) return []
  if (typeof value === 'object' && !(value instanceof Date)) return Object.entries(value as Record<string, unknown>)
  return [value]
}

export const forBlock: BlockHandler = (run, node, src) => {
  const [first, ...rest] = node.branches
  const otherwise = rest.find((b) => b.name === 'else')
  let spec: LoopSpec
  try {
    spec = loopSpec(run, first.markup)
  } catch (err) {
    run.find(src, node.at, node.name, 'removed', `{% ${node.name} ${first.markup} %} could not be read (${(err as ExprError).message}); its content was kept once.`)
    return run.render(first.body, src)
  }
  const value = run.eval(spec.collection)
  const num = (name: string): number | typeof UNKNOWN | undefined => {
    const e = spec.params.get(name)
    if (e === undefined || e === true) return undefined
    const v = run.eval(e)
    return v === UNKNOWN ? UNKNOWN : Math.max(0, Math.trunc(Number(v)) || 0)
  }
  const limit = num('limit')
  const offset = num('offset')
  if (value === UNKNOWN || limit === UNKNOWN || offset === UNKNOWN) {
    run.find(src, node.at, node.name, 'removed', `{% ${node.name} ${first.markup} %} walks data the importer does not have (the site's generated lists or global data); the loop's content was kept once, without its values. Check the page.`)
    run.scopes.push(new Map(spec.names.map((n) => [n, UNKNOWN])))
    try {
      const signal = run.render(first.body, src)
      return signal === 'break' || signal === 'continue' ? undefined : signal
    } finally {
      run.scopes.pop()
    }
  }
  let list = items(value)
  // Nunjucks walks a map's keys and values with two names; Liquid gives [key, value] pairs to one name.
  if (run.dialect.syntax === 'nunjucks' && spec.names.length === 1 && !Array.isArray(value) && typeof value === 'object' && value !== null) list = Object.keys(value)
  if (offset) list = list.slice(offset)
  if (limit !== undefined) list = list.slice(0, limit)
  if (spec.params.get('reversed') === true) list = [...list].reverse()
  run.find(src, node.at, node.name, 'expanded')
  if (list.length === 0) return otherwise ? run.render(otherwise.body, src) : undefined
  const cols = node.name === 'tablerow' ? num('cols') : undefined
  const scope = new Map<string, Value>()
  run.scopes.push(scope)
  try {
    for (let i = 0; i < list.length; i++) {
      run.iterations++
      if (!run.guard(src, node.at)) break
      const item = list[i]
      if (spec.names.length > 1 && Array.isArray(item)) spec.names.forEach((n, k) => scope.set(n, item[k]))
      else scope.set(spec.names[0], item)
      const loop = { index: i + 1, index0: i, rindex: list.length - i, rindex0: list.length - i - 1, revindex: list.length - i, revindex0: list.length - i - 1, first: i === 0, last: i === list.length - 1, length: list.length, name: `${spec.names[0]}-${first.markup}` }
      scope.set(run.dialect.syntax === 'nunjucks' ? 'loop' : 'forloop', loop)
      if (node.name === 'tablerow') {
        const perRow = typeof cols === 'number' && cols > 0 ? cols : list.length
        const col = (i % perRow) + 1
        const row = Math.floor(i / perRow) + 1
        if (col === 1) run.write(src, `${i > 0 ? '</tr>\n' : ''}<tr class="row${row}">`, node.at)
        run.write(src, `<td class="col${col}">`, node.at)
        run.render(first.body, src)
        run.write(src, '</td>', node.at)
        if (i === list.length - 1) run.write(src, '</tr>\n', node.at)
        continue
      }
      const signal = run.render(first.body, src)
      if (signal === 'break') break
    }
  } finally {
    run.scopes.pop()
  }
  return undefined
}

export const breakTag: TagHandler = (run, node, src) => {
  run.find(src, node.at, node.name, 'expanded')
  return node.name === 'break' ? 'break' : 'continue'
}
