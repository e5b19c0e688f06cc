import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../../importers/markdown/templates/index.js'
import { makeContext } from './_context.js'

// Liquid outputs and conditions over front matter and site data, one expression per row: the value Jekyll prints.
const jekyll = (body: string, page: Record<string, unknown> = {}, site: Record<string, unknown> = {}) =>
  expandTemplates(body, makeContext({ dialects: ['liquid'], file: '_posts/2024-05-01-a.md', url: '/2024/05/01/a/', baseurl: '/b', page, site })).body

describe('Liquid values as Jekyll prints them', () => {
  const page = { title: 'Hello World', tags: ['b', 'a', 'c'], n: 7, text: '<p>Hi <b>there</b></p>', date: '2025-01-29 18:15:32 +0530', nil: null, items: [{ name: 'x', on: true }, { name: 'y', on: false }] }
  const rows: Array<[string, string]> = [
    ['{{ page.title | upcase }}', 'HELLO WORLD'],
    ['{{ page.title | downcase | replace: " ", "-" }}', 'hello-world'],
    ['{{ page.title | slugify }}', 'hello-world'],
    ['{{ page.title | truncate: 8 }}', 'Hello...'],
    ['{{ page.title | truncatewords: 1 }}', 'Hello...'],
    ['{{ page.title | split: " " | last }}', 'World'],
    ['{{ page.title | size }}', '11'],
    ['{{ page.title | prepend: "> " | append: "!" }}', '> Hello World!'],
    ['{{ page.tags | sort | join: "," }}', 'a,b,c'],
    ['{{ page.tags | first }}/{{ page.tags.last }}/{{ page.tags.size }}/{{ page.tags[1] }}', 'b/c/3/a'],
    ['{{ page.items | map: "name" | join: "+" }}', 'x+y'],
    ['{{ page.items | where: "on", true | map: "name" | join }}', 'x'],
    ['{{ page.n | plus: 3 | times: 2 | minus: 1 | divided_by: 3 }}', '6'],
    ['{{ page.n | modulo: 4 }} {{ 4.6 | round }} {{ -2 | abs }} {{ 5 | at_most: 3 }}', '3 5 2 3'],
    ['{{ page.text | strip_html }}', 'Hi there'],
    ['{{ page.text | escape }}', '&lt;p&gt;Hi &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;'],
    ['{{ page.nil | default: "none" }} {{ "" | default: "empty" }}', 'none empty'],
    ['{{ page.date | date: "%Y-%m-%d %H:%M" }}', '2025-01-29 18:15'],
    ['{{ page.date | date: "%a, %b %-d, %y" }}', 'Wed, Jan 29, 25'],
    ['{{ page.date | date_to_string }} | {{ page.date | date_to_long_string: "ordinal", "US" }}', '29 Jan 2025 | January 29th, 2025'],
    ['{{ page.date | date_to_rfc822 }}', 'Wed, 29 Jan 2025 18:15:32 +0530'],
    ['{{ "/x/" | relative_url }} {{ site.baseurl }}', '/b/x/ /b'],
    ['{{ page.url }} {{ page.path }}', '/2024/05/01/a/ _posts/2024-05-01-a.md'],
    ['{% if page.tags contains "a" and page.n > 5 %}yes{% endif %}', 'yes'],
    ['{% if page.nil == nil and page.missing == empty %}no{% else %}else{% endif %}', 'else'],
    ['{% if page.tags == empty or page.n %}truthy{% endif %}', 'truthy'],
    ['{% if "" %}empty strings are true in Liquid{% endif %}', 'empty strings are true in Liquid'],
    ['{% unless page.n < 3 %}big{% endunless %}', 'big'],
    ['{% for t in page.tags reversed %}{{ t }}{% endfor %}', 'cab'],
    ['{% for t in page.tags offset: 1 limit: 1 %}{{ t }}{% endfor %}', 'a'],
    ['{% for t in page.tags %}{% if t == "a" %}{% break %}{% endif %}{{ t }}{% endfor %}', 'b'],
    ['{% for t in page.tags %}{% if t == "a" %}{% continue %}{% endif %}{{ t }}{% endfor %}', 'bc'],
    ['{% for t in page.tags %}{{ forloop.index0 }}{{ forloop.rindex }}{% if forloop.first %}F{% endif %}{% endfor %}', '03F1221'],
    ['{% increment c %}{% increment c %}{% decrement d %}', '01-1'],
    ['{% cycle "a", "b" %}{% cycle "a", "b" %}{% cycle "a", "b" %}', 'aba'],
    ['{% tablerow t in page.tags cols: 2 %}{{ t }}{% endtablerow %}', '<tr class="row1"><td class="col1">b</td><td class="col2">a</td></tr>\n<tr class="row2"><td class="col1">c</td></tr>\n'],
  ]
  test.each(rows)('%s', (body, expected) => {
    expect(jekyll(body, page)).toBe(expected)
  })
})

test('an expression that does not parse is removed and reported, not printed', () => {
  const r = expandTemplates('a {{ page.title | }} b {{ "unclosed }} c', makeContext({ dialects: ['liquid'], page: { title: 'T' } }))
  expect(r.body).toBe('a  b  c')
  expect(r.findings.map((f) => f.action)).toEqual(['removed', 'removed'])
})
