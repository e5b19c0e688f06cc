import { describe, expect, test } from 'vitest'
import { findCode } from '../../../../importers/markdown/templates/_scan.js'

/** The code in a text, marked by ranges: each range's text. */
const code = (text: string, indentedCode = true) => findCode(text, { indentedCode }).map((r) => text.slice(r.start, r.end))

describe('where code is', () => {
  const cases: Array<{ name: string; text: string; mdx?: boolean; code: string[] }> = [
    { name: 'a backtick fence', text: 'a\n```js\nx {{< y >}}\n```\nb', code: ['```js\nx {{< y >}}\n```'] },
    { name: 'a tilde fence with a longer closer', text: '~~~\n```\n~~~~\nb', code: ['~~~\n```\n~~~~'] },
    { name: 'a longer fence holds a shorter one', text: '````md\n```js\nx\n```\n````\n', code: ['````md\n```js\nx\n```\n````'] },
    { name: 'an unclosed fence runs to the end', text: 'a\n```\nx\ny', code: ['```\nx\ny'] },
    { name: 'a backtick fence with a backtick in its info is not one', text: '``` a`b\ntext', code: [] },
    { name: 'indented code after a blank line', text: 'para\n\n    code {{ x }}\n    more\n\nafter', code: ['    code {{ x }}\n    more'] },
    { name: 'indentation continuing a paragraph is not code', text: 'para\n    still para', code: [] },
    { name: 'indented code is not code in MDX', text: 'para\n\n    <Foo />', mdx: true, code: [] },
    { name: 'a fence at any indentation in MDX', text: '<div>\n    ```js\n    x\n    ```\n</div>', mdx: true, code: ['    ```js\n    x\n    ```'] },
    { name: 'a list item content is not code at four spaces', text: '1. Step\n\n    ```bash\n    run\n    ```\n', code: ['    ```bash\n    run\n    ```'] },
    { name: 'code inside a list item needs the item\u2019s indentation plus four', text: '- item\n\n      code\n', code: ['      code'] },
    { name: 'inline code spans, equal runs close', text: 'a `x` b ``y ` z`` c', code: ['`x`', '``y ` z``'] },
    { name: 'an unmatched run is text', text: 'a ``` b `c` d', code: ['`c`'] },
    { name: 'an escaped backtick opens nothing', text: 'a \\`b` `c`', code: ['` `'] },
    { name: 'spans do not cross a blank line', text: 'a `b\n\nc` d', code: [] },
    { name: 'a fence inside a block quote', text: '> ```\n> x\n> ```\n', code: ['> ```\n> x\n> ```'] },
  ]
  test.each(cases)('$name', ({ text, mdx, code: expected }) => {
    expect(code(text, !mdx)).toEqual(expected)
  })

  test('fence ranges carry their info string and opening line', () => {
    const [r] = findCode('x\n  ```js title="a.js"\n  y\n  ```\n', { indentedCode: true })
    expect(r.fence).toEqual({ info: 'js title="a.js"', lineStart: 2, lineEnd: 22, indent: '  ' })
  })
})
