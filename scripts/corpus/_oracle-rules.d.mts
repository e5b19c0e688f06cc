// Types of _oracle-rules.mjs, for the tests that call the rules directly.
export declare function starlightRules(site: unknown, dir: string): Promise<{ documents: Array<{ source: string; status: string; url: string | null; lang?: string; fallback?: boolean }> }>
type RulesResult = Promise<{ documents: Array<{ source: string; status: string; url: string | null; lang?: string }> }>
export declare function vuepressRules(site: unknown, dir: string): RulesResult
export declare function nextjsPagesRules(site: unknown, dir: string): RulesResult
export declare function astroRules(site: unknown, dir: string): RulesResult
export declare function generatorOutput(site: unknown, dir: string): RulesResult
