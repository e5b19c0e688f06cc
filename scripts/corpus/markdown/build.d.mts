// Types of build.mjs, for the tests that build a site.
export declare function buildSite(name: string, dir: string): Promise<string[]>
