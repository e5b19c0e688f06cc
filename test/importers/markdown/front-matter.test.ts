import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { parseFrontMatter } from '../../../importers/markdown/front-matter.js'
import { decodeText } from '../../../importers/markdown/read.js'

const parse = (text: string) => {
  const diagnostics = new Diagnostics()
  return { fm: parseFrontMatter(text, 'a.md', diagnostics), diagnostics: diagnostics.sorted() }
}

describe('YAML keeps what the author meant (1.2 core schema)', () => {
  test.each([
    { name: 'a year as a title', text: 'title: 2024', key: 'title', value: 2024, written: '2024' },
    { name: 'a version with a trailing zero', text: 'version: 1.10', key: 'version', value: 1.1, written: '1.10' },
    { name: 'no stays a string', text: 'answer: no', key: 'answer', value: 'no', written: 'no' },
    { name: 'an unquoted date stays text', text: 'date: 2025-01-13', key: 'date', value: '2025-01-13', written: '2025-01-13' },
    { name: 'a date with a comment', text: 'date: 2025-01-13 # day one', key: 'date', value: '2025-01-13', written: '2025-01-13' },
  ])('$name', ({ text, key, value, written }) => {
    const { fm } = parse(`---\n${text}\n---\nbody`)
    expect(fm?.data[key]).toEqual(value)
    expect(fm?.textOf(key)).toBe(written)
  })

  test('lists keep each item as written', () => {
    const { fm } = parse('---\ntags: [no, 2024, 1.0, yes]\n---\n')
    expect(fm?.textsOf('tags')).toEqual(['no', '2024', '1.0', 'yes'])
  })
})

describe('front-matter formats', () => {
  test.each([
    { name: 'YAML', text: '---\ntitle: A\n---\nBody\n', title: 'A', body: 'Body\n', bodyLine: 4, language: 'yaml' },
    { name: 'explicit ---yaml', text: '---yaml\ntitle: A\n---\nBody', title: 'A', body: 'Body', bodyLine: 4, language: 'yaml' },
    { name: 'TOML +++', text: '+++\ntitle = "A"\ndate = 2019-05-28\n+++\nBody', title: 'A', body: 'Body', bodyLine: 5, language: 'toml' },
    { name: 'gray-matter ---json', text: '---json\n{ "title": "A" }\n---\nBody', title: 'A', body: 'Body', bodyLine: 4, language: 'json' },
    { name: 'Hugo JSON object', text: '{\n  "title": "A {x}"\n}\nBody', title: 'A {x}', body: 'Body', bodyLine: 4, language: 'json' },
    { name: 'Jekyll ... closing fence', text: '---\ntitle: A\n...\nBody', title: 'A', body: 'Body', bodyLine: 4, language: 'yaml' },
    { name: 'empty block', text: '---\n---\nBody', title: undefined, body: 'Body', bodyLine: 3, language: 'none' },
    { name: 'no front matter', text: '# Just Markdown', title: undefined, body: '# Just Markdown', bodyLine: 1, language: 'none' },
    // A JSON object's first member is a quoted key: `{` then `{`, `%`, `#` or a letter opens template code, never JSON
    // (Hugo reads any leading `{` as JSON and stops the build on a body that opens with a shortcode, gohugoio/hugo#7176;
    // the importer keeps the text, which the template pass then reads).
    { name: 'a body opening with a Hugo shortcode', text: '{{< include "a.md" >}}\nMore', title: undefined, body: '{{< include "a.md" >}}\nMore', bodyLine: 1, language: 'none' },
    { name: 'a body opening with a Hugo % shortcode', text: '{{% notice tip %}}\nHi\n{{% /notice %}}\n', title: undefined, body: '{{% notice tip %}}\nHi\n{{% /notice %}}\n', bodyLine: 1, language: 'none' },
    { name: 'a body opening with a Liquid tag', text: '{% include note.html %}\n', title: undefined, body: '{% include note.html %}\n', bodyLine: 1, language: 'none' },
    { name: 'a body opening with a Nunjucks comment', text: '{# draft #}\nText', title: undefined, body: '{# draft #}\nText', bodyLine: 1, language: 'none' },
    { name: 'an empty JSON object', text: '{ }\nBody', title: undefined, body: 'Body', bodyLine: 2, language: 'json' },
    { name: 'a JSON object on one line', text: '{"title": "A"}\nBody', title: 'A', body: 'Body', bodyLine: 2, language: 'json' },
  ])('$name', ({ text, title, body, bodyLine, language }) => {
    const { fm, diagnostics } = parse(text)
    expect(diagnostics).toEqual([])
    expect(fm?.data.title).toBe(title)
    expect(fm?.body).toBe(body)
    expect(fm?.bodyLine).toBe(bodyLine)
    expect(fm?.language).toBe(language)
  })

  test('TOML dates become their text, so the site time zone can read them', () => {
    const { fm } = parse('+++\na = 2019-05-28\nb = 2019-05-28T10:00:00\nc = 2019-05-28T10:00:00+02:00\n+++\n')
    expect(fm?.data).toEqual({ a: '2019-05-28', b: '2019-05-28T10:00:00.000', c: '2019-05-28T10:00:00.000+02:00' })
  })

  test('lineOf finds top-level keys on their file line', () => {
    const { fm } = parse('---\ntitle: A\n\ndate: x\nnested:\n  date: y\n---\n')
    expect([fm?.lineOf('title'), fm?.lineOf('date'), fm?.lineOf('nested')]).toEqual([2, 4, 5])
  })
})

describe('syntax errors name the line in the file, not in the block', () => {
  test.each([
    { name: 'YAML', text: '---\ntitle: ok\nother: fine\nbad: [a, b\nnext: x\n---\n', line: 5 },
    { name: 'TOML', text: '+++\ntitle = "ok"\nbad = \n+++\n', line: 3 },
    { name: 'JSON', text: '---json\n{\n  "a": 1,,\n}\n---\n', line: 3 },
  ])('$name', ({ text, line }) => {
    const { fm, diagnostics } = parse(text)
    expect(fm).toBeNull()
    expect(diagnostics[0]).toMatchObject({ file: 'a.md', line, code: 'front_matter_syntax', severity: 'error' })
    expect(diagnostics[0].message).toContain(`line ${line}`)
  })

  test('a quoted value continued at column 0 (accepted by js-yaml) is read, with a warning', () => {
    const { fm, diagnostics } = parse('---\ntitle: "A long\nwrapped title"\ndate: 2024-01-01\n---\n')
    expect(fm?.data.title).toBe('A long wrapped title')
    expect(diagnostics).toMatchObject([{ code: 'front_matter_syntax', severity: 'warning', line: 3 }])
  })

  test('a front matter that is not a map is refused', () => {
    expect(parse('---\n- a\n- b\n---\n').diagnostics).toMatchObject([{ code: 'front_matter_not_object', line: 1 }])
  })
})

describe('encodings', () => {
  test.each([
    { name: 'UTF-8 with BOM and CRLF', bytes: Buffer.from('\ufeff---\r\ntitle: A\r\n---\r\nx\r\n', 'utf8') },
    { name: 'UTF-16LE with BOM', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\r\ntitle: A\r\n---\r\nx\r\n', 'utf16le')]) },
    { name: 'UTF-16BE with BOM', bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('---\r\ntitle: A\r\n---\r\nx\r\n', 'utf16le').swap16()]) },
    { name: 'lone CR line ends', bytes: Buffer.from('---\rtitle: A\r---\rx\r', 'utf8') },
  ])('$name', ({ bytes }) => {
    expect(decodeText(bytes)).toBe('---\ntitle: A\n---\nx\n')
  })

  test('invalid UTF-8 is detected', () => {
    expect(decodeText(Buffer.from([0x61, 0xe9, 0x62]))).toBeNull()
  })
})

test('any text parses or is reported, never throws', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('---\n', '+++\n', '---json\n', '{', '---yaml\n', ''), (tail, head) => {
      const diagnostics = new Diagnostics()
      const fm = parseFrontMatter(head + tail, 'a.md', diagnostics)
      expect(fm !== null || diagnostics.hasErrors()).toBe(true)
    }),
    { numRuns: 500 },
  )
})

// The block is found as gray-matter finds it (the convention generators follow), without gray-matter at run time:
// gray-matter itself is the oracle here, with engines that only record the block they are given.
describe('the front-matter block is where gray-matter finds it', () => {
  const viaGrayMatter = async (text: string) => {
    const matter = (await import('gray-matter')).default
    let block: string | undefined
    const record = (s: string) => ((block = s), {})
    // Jekyll's `...` end marker is chosen before the split, as the importer does (only one case here has it).
    const close = text.startsWith('+++') ? '+++' : text.includes('\n...\n') ? '...' : '---'
    const file = matter(text, { delimiters: text.startsWith('+++') ? '+++' : ['---', close], language: text.startsWith('+++') ? 'toml' : 'yaml', engines: { yaml: record, toml: record, json: record } } as never) as { content: string }
    return { block, body: file.content }
  }
  test.each([
    '---\ntitle: A\n---\nBody\n',
    '---\ntitle: A\n---\r\nBody',
    '---yaml\ntitle: A\n---\nBody',
    '--- \ntitle: A\n---\n\n\nBody',
    '---\ntitle: A\n----\nBody',
    '---\ntitle: A\n--- trailing\nBody',
    '---\ntitle: A\n',
    '+++\ntitle = "A"\n+++\nBody',
    '---\ntitle: A\n...\nBody',
    '---\n# only a comment\n---\nBody',
    '---',
    '---\n',
  ])('%j', async (text) => {
    const want = await viaGrayMatter(text)
    const { fm } = parse(text)
    expect(fm?.body).toBe(want.body)
  })

  // gray-matter cuts the last letter off a language on a fence line that ends the file ("yam"); the importer does not.
  test('a lone fence with a language and nothing after it is an empty block', () => {
    const { fm, diagnostics } = parse('---yaml')
    expect(fm?.body).toBe('')
    expect(diagnostics).toEqual([])
  })
})

describe('the YAML library says nothing on the process', () => {
  // An unquoted template value (`title: {{ title }}`, in Hexo scaffolds and Hugo archetypes) is a map used as a key;
  // the library would print a Node warning on standard error, beside the import's own diagnostics.
  test('a map used as a key emits no process warning', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    try {
      const { fm } = parse('---\ntitle: {{ title }}\ndate: {{ date }}\n---\nBody')
      expect(fm?.body).toBe('Body')
      expect(emit).not.toHaveBeenCalled()
    } finally {
      emit.mockRestore()
    }
  })
})
