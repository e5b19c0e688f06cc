import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Problems found on real sites from npm packages that neither the fixtures nor the corpus had (scripts/corpus/
// sites.json names each site), each reproduced here on a small site written for the purpose.

const site = tempSites('md-unseen-')

describe('Jekyll without _config.yml (photoswipe@4.1.3 website/)', () => {
  test('a _layouts folder is Jekyll: pages at .html, raw blocks unwrapped, files without front matter copied', async () => {
    const root = await site('jekyll-no-config', {
      '_layouts/default.html': '<html><body>{{ content }}</body></html>\n',
      '_includes/menu.html': '<nav></nav>\n',
      'documentation/api.md': '---\nlayout: default\ntitle: API\n---\n\nSee [options](options.html).\n',
      'documentation/options.md': '---\nlayout: default\ntitle: Options\n---\n\n```js\n{% raw %}\nurl: "{{url}}"\n{% endraw %}\n```\n\nText {% raw %}{{text}}{% endraw %} here.\n',
      'documentation/todo.md': '// TODO\n',
    })
    const got = await imported(root)
    expect(got.preset).toBe('jekyll')
    expect(got.urls['documentation/api.md']).toBe('/documentation/api')
    expect(got.served('/documentation/api.html')).toBe(true)
    expect(got.served('/documentation/options.html')).toBe(true)
    expect(got.skipped['documentation/todo.md']).toBe('static-file')
    expect(got.bodies.join('\n')).not.toContain('{% raw %}')
    // The braces are written as text (the first one as an entity, so no later template engine reads them).
    expect(got.bodies.join('\n')).toMatch(/Text (?:\{|&#123;)\{text\}\} here\./)
  })

  test('Eleventy configured to keep layouts in _layouts stays Eleventy', async () => {
    const root = await site('eleventy-layouts', {
      '.eleventy.js': 'module.exports = () => ({ dir: { layouts: "_layouts" } })\n',
      '_layouts/base.html': '{{ content }}\n',
      'about.md': '---\nlayout: base.html\ntitle: About\n---\n\nAbout.\n',
    })
    expect((await imported(root)).preset).toBe('eleventy')
  })
})
