// Types of _sites.mjs, a plain ES module shared by the fetch and oracle scripts and by measure.ts.
export declare const repoRoot: string
export declare const corpusDir: string
export declare function siteDir(id: string): string
export declare function loadSites(names?: string[]): Promise<unknown[]>
export declare function matchesAny(rel: string, globs: string[]): boolean
