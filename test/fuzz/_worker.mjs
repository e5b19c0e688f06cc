// The fuzz worker's bootstrap: Node 20 workers cannot load TypeScript, so this registers tsx, then loads the worker.
import { register } from 'tsx/esm/api'

register()
await import('./_worker-main.ts')
