import { found, prop, wrapBlock } from './_components.js'
import type { Component } from './_components.js'
import { admonitionOpen } from './docusaurus.js'

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
 * `fumadocs-ui/components/callout`) as `<aside class="admonition admonition-warning">` with its `title` (Fumadocs),
 * else its kind's title; the emoji a Nextra callout shows is its icon, which a theme's aside shows its own of. A
 * type neither documents is a note.
 */
const callout: Component = (el, env) => {
  const type = (prop(el, 'type') ?? 'default').toLowerCase()
  found(el, env, 'expanded')
  const open = admonitionOpen(CALLOUT_KINDS[type] ?? 'note', prop(el, 'title'))
  if (!el.paired) return { text: `${open}\n</aside>`, block: true }
  return wrapBlock(el, `${open}\n`, '</aside>')
}

/** Components the Next.js documentation frameworks (Nextra, Fumadocs) document, with the HTML each becomes. */
export const NEXTJS_COMPONENTS: Record<string, Component> = {
  Callout: callout,
}
