/**
 * github-slugger's slug of one string, as Astro makes entry ids from path segments and Docusaurus makes the default
 * slug of a category index (`Tutorial - Basics` → `tutorial---basics`): lower case, punctuation dropped, each space
 * a dash.
 * @example
 * githubSlug('Getting Started!') // 'getting-started'
 */
export function githubSlug(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}
