import { found, prop, wrapBlock } from './_components.js'
import type { Component } from './_components.js'
import { admonitionOpen } from './docusaurus.js'
import type { TemplateDialect } from './types.js'

/**
 * A callout's `type` as the admonition kinds the other conventions' asides use. Nextra (nextra.site "Callout
 * Component": `default`, `info`, `warning`, `error`, and since Nextra 4 `important`; the default shows GitHub's tip
 * icon) and Fumadocs (`info`, `warn`/`warning`, `error`, `success`, `idea`) both document a `<Callout>`.
 */
const CALLOUT_KINDS: Record<string, string> = {
  default: 'tip',
  info: 'info',
  warning: 'warning',
  warn: 'warning',
  error: 'danger',
  important: 'important',
  success: 'success',
  idea: 'tip',
}

/**
 * `<Callout type="warning">…</Callout>` (Nextra's `nextra-theme-docs/callout`, `nextra/components`; Fumadocs'
 * `fumadocs-ui/components/callout`) as `<aside class="admonition admonition-warning">`. Neither shows a title of its
 * kind: Nextra shows its emoji and the text, Fumadocs (packages/ui/src/components/callout.tsx) its icon, and a title
 * only when `title` is given, so the aside has a title paragraph only then. Without `type`, each framework's own
 * default: Nextra's `default` (its Callout's `type = 'default'`, the 💡 tip), Fumadocs' `info`. A type neither
 * documents is a note.
 */
const callout = (defaultType: string): Component => (el, env) => {
  const type = (prop(el, 'type') ?? defaultType).toLowerCase()
  found(el, env, 'expanded')
  const kind = CALLOUT_KINDS[type] ?? 'note'
  const title = prop(el, 'title')
  const open = title === undefined ? `<aside class="admonition admonition-${kind}">` : admonitionOpen(kind, title)
  if (!el.paired) return { text: `${open}
</aside>`, block: true }
  return wrapBlock(el, `${open}
`, '</aside>')
}

/**
 * Components the Next.js documentation frameworks document, with the HTML each becomes, for a site that uses that
 * framework (its dialect, from the site's dependencies); a `<Callout>` of any other site is its own component.
 */
export function nextjsComponents(dialects: readonly TemplateDialect[]): Record<string, Component> {
  if (dialects.includes('nextra')) return { Callout: callout('default') }
  if (dialects.includes('fumadocs')) return { Callout: callout('info') }
  return {}
}
