/** The codes `checkSite` reports, each with its severity. */
export const CHECK_CODES = {
  /** An internal link (root-relative, relative, or absolute on the site's own origins) that no document or file answers. */
  broken_link: 'error',
  /** A media URL the payload uses (image, featured image, avatar, logo, favicon, media entry) with no file in the media folder. */
  missing_media: 'error',
  /** Template syntax a static build prints as text: Hugo shortcodes, Liquid, MDX import/export and components, WordPress core shortcodes. */
  template_syntax: 'error',
  /** Something in the shape of a WordPress shortcode (`[name attr="…"]`, `[name]…[/name]`) that is not a core one. */
  unknown_shortcode: 'warning',
  /** Markdown written inside an HTML document (`**bold**`, `## heading`, `[text](url)`), printed as written. */
  markdown_in_html: 'warning',
  /** An absolute link or media URL on an old origin (`origins`) that the new site answers: it works only while the old site is up. */
  old_origin_link: 'warning',
  /**
   * An absolute link on `site.url` that nothing of the payload answers, to a path of no post, page or archive shape:
   * broken if the site is served at `site.url`, unless something else serves that path there (or `site.url` is not
   * where the site will live).
   */
  unknown_site_url: 'warning',
  /** A link to a draft, which a build may leave out. */
  link_to_draft: 'warning',
  /** A post or page whose body is empty. */
  empty_body: 'warning',
  /** A Markdown body nested so deeply (lists, quotes) that reading it would take minutes: it was not checked. */
  body_not_read: 'warning',
  /** A post or page with `status: draft`: the contract leaves open whether a build publishes it. */
  draft: 'warning',
  /** A published post with the same title as another. */
  duplicate_title: 'warning',
  /** A published post or page that no link, menu, collection or generated index reaches. */
  unreachable: 'info',
  /** An image without alternative text. */
  missing_alt: 'info',
  /** Media files were not checked because no media folder was given. */
  media_not_checked: 'info',
} as const

export type CheckCode = keyof typeof CHECK_CODES
export type CheckSeverity = 'error' | 'warning' | 'info'

/** One thing a build of the payload will get wrong (or may): where it is and what to do about it. */
export interface CheckFinding {
  code: CheckCode
  severity: CheckSeverity
  /** RFC 6901 JSON Pointer of the field (`/content/posts/3/content`, `/menus/main/items/0/url`) or document. */
  source: string
  /** The public URL of the document, when the finding is about one. */
  url?: string
  /** The link, media URL or template tag concerned. */
  target?: string
  /** 1-based line in the body (or other string field) at `source`, where known. */
  line?: number
  message: string
}

/** Counts over the whole payload. */
export interface CheckTotals {
  /** Posts and pages checked. */
  documents: number
  /**
   * Links in bodies, menus and custom HTML. `not_checked`: links to files, without a media folder to look in;
   * `unknown_site_url`: absolute links on `site.url` that nothing answers, outside the payload's URL shapes.
   */
  links: { internal: number; ok: number; broken: number; old_origin: number; to_drafts: number; external: number; not_checked: number; unknown_site_url: number }
  /** Distinct root-relative media files the payload uses; `checked` is false without a media folder. */
  media: { checked: boolean; files: number; ok: number; missing: number }
  /** Template tags printed as text, in all and by tag (`{{< figure >}}`, `{% include %}`, `[caption]`, `<Tabs>`). */
  templates: { total: number; by_tag: Record<string, number> }
  findings: Record<CheckSeverity, number>
}

/** What `checkSite` returns: every finding in payload order, and the totals. */
export interface CheckResult {
  findings: CheckFinding[]
  totals: CheckTotals
}
