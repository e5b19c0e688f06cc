/**
 * Finds where a JSON text breaks, reading it as bytes in chunks: V8's `JSON.parse` names no position for most
 * syntax errors ("Unexpected token ',', "[1,,2]" is not valid JSON"), and a streamed parse knows only the piece it
 * was given, so a file's line and column come from this second, exact pass. It runs only after a parse failed, so
 * it is written for clarity, not speed: one byte at a time through the JSON grammar of RFC 8259.
 */

/** Where the first problem is: 1-based line and column (in characters), and what is wrong there. */
export type JsonProblem = { line: number; column: number; message: string }

type Container = 'object' | 'array'
// What the scanner expects next. Values are read by `value`, which sets the state for the rest of the literal.
type State =
  | 'value' // any value
  | 'value-or-end' // a value or "]" right after "["
  | 'key-or-end' // a key or "}" right after "{"
  | 'key' // a key after ","
  | 'colon'
  | 'comma-or-end' // "," or the closing bracket of the container
  | 'done' // after the top-level value: only white space
  | 'string' // inside a string
  | 'escape' // after "\" in a string
  | 'literal' // inside true, false or null
  | 'number'

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const ESCAPES = new Set([...'"\\/bfnrtu'].map((c) => c.charCodeAt(0)))

/**
 * Returns the first syntax problem of the JSON text in `chunks` (UTF-8 bytes, or strings), or `null` when it is
 * valid.
 * @example
 * await locateJsonProblem([Buffer.from('{"a": [1,,2]}')]) // { line: 1, column: 10, message: 'unexpected ","' }
 */
export async function locateJsonProblem(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): Promise<JsonProblem | null> {
  const stack: Container[] = []
  let state = 'value' as State
  let literal = ''
  let expected = ''
  let number = ''
  let numberAt = { line: 0, column: 0 }
  let stringIsKey = false
  let unicodeDigits = -1
  let line = 1
  let column = 0
  let first = true
  const at = (message: string): JsonProblem => ({ line, column, message })

  /** After a complete value: what may follow depends on the container it is in. */
  const valueEnded = () => {
    state = stack.length === 0 ? 'done' : 'comma-or-end'
  }
  const startValue = (c: number): JsonProblem | null => {
    if (c === 0x7b) {
      stack.push('object')
      state = 'key-or-end'
    } else if (c === 0x5b) {
      stack.push('array')
      state = 'value-or-end'
    } else if (c === 0x22) {
      state = 'string'
      stringIsKey = false
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      expected = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null'
      literal = String.fromCharCode(c)
      state = 'literal'
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      number = String.fromCharCode(c)
      numberAt = { line, column }
      state = 'number'
    } else return at(`unexpected ${describe(c)} where a value should start`)
    return null
  }
  const endNumber = (): JsonProblem | null => {
    if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(number)) return { ...numberAt, message: `"${number.slice(0, 40)}" is not a valid number` }
    valueEnded()
    return null
  }

  /** One byte; returns a problem, or null to go on. */
  const step = (c: number): JsonProblem | null => {
    switch (state) {
      case 'string':
        if (c === 0x22) {
          if (stringIsKey) state = 'colon'
          else valueEnded()
        } else if (c === 0x5c) state = 'escape'
        else if (c < 0x20) return at(`a control character (U+${c.toString(16).padStart(4, '0').toUpperCase()}) inside a string; write it escaped`)
        return null
      case 'escape':
        if (unicodeDigits >= 0) {
          if (!/[0-9a-fA-F]/.test(String.fromCharCode(c))) return at('a "\\u" escape needs four hex digits')
          if (++unicodeDigits === 4) {
            unicodeDigits = -1
            state = 'string'
          }
          return null
        }
        if (!ESCAPES.has(c)) return at(`"\\${String.fromCharCode(c)}" is not a JSON escape`)
        if (c === 0x75) unicodeDigits = 0
        else state = 'string'
        return null
      case 'literal':
        literal += String.fromCharCode(c)
        if (!expected.startsWith(literal)) return at(`unexpected ${describe(c)} in "${literal.slice(0, -1)}…" (expected ${expected})`)
        if (literal === expected) valueEnded()
        return null
      case 'number':
        if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d) {
          number += String.fromCharCode(c)
          return null
        }
        return endNumber() ?? step(c)
    }
    if (WHITESPACE.has(c)) return null
    switch (state) {
      case 'value':
        return startValue(c)
      case 'value-or-end':
        if (c === 0x5d) return close()
        return startValue(c)
      case 'key-or-end':
      case 'key':
        if (c === 0x7d && state === 'key-or-end') return close()
        if (c !== 0x22) return at(`unexpected ${describe(c)} where a property name in double quotes should be`)
        state = 'string'
        stringIsKey = true
        return null
      case 'colon':
        if (c !== 0x3a) return at(`unexpected ${describe(c)} where ":" should follow a property name`)
        state = 'value'
        return null
      case 'comma-or-end': {
        const container = stack[stack.length - 1]
        if (c === 0x2c) {
          state = container === 'object' ? 'key' : 'value'
          return null
        }
        if (c === (container === 'object' ? 0x7d : 0x5d)) return close()
        return at(`unexpected ${describe(c)} where "," or "${container === 'object' ? '}' : ']'}" should be`)
      }
      default:
        return at(`unexpected ${describe(c)} after the end of the JSON value`)
    }
  }
  const close = (): JsonProblem | null => {
    stack.pop()
    valueEnded()
    return null
  }

  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    let i = 0
    // A byte order mark is not part of the text.
    if (first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3
    first = false
    for (; i < bytes.length; i++) {
      const c = bytes[i]
      // Columns count characters: a UTF-8 continuation byte belongs to the character before it. A line feed is the
      // last character of its line, so a problem with it (one inside a string) points at the end of that line.
      if (c === 0x0a) {
        column++
        const problem = step(c)
        if (problem) return problem
        line++
        column = 0
        continue
      }
      if ((c & 0xc0) !== 0x80) column++
      if (c >= 0x80 && state !== 'string') return at('unexpected non-ASCII text outside a string')
      const problem = step(c)
      if (problem) return problem
    }
  }
  if (state === 'number') {
    const problem = endNumber()
    if (problem) return problem
  }
  column++
  if (state === 'done') return null
  if (first || (state === 'value' && stack.length === 0)) return at('the file is empty; a payload is a JSON object')
  return at(state === 'string' || state === 'escape' ? 'the text ends inside a string' : `the text ends before the JSON value does (${stack.length} bracket${stack.length === 1 ? '' : 's'} still open)`)
}

function describe(c: number): string {
  return c >= 0x21 && c < 0x7f ? `"${String.fromCharCode(c)}"` : `U+${c.toString(16).padStart(4, '0').toUpperCase()}`
}
