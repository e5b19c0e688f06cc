// Test-only bootstrap: Node 20 workers cannot load TypeScript, so this registers tsx and then loads the worker source.
import { register } from 'tsx/esm/api'

register()
await import('../../../importers/wordpress/bodies/body-worker.ts')
