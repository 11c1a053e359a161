// The layers of src and which way imports may flow (docs/architecture.md). A local ESLint rule rather than
// a plugin: it resolves each relative import against the importing file, so a path like '../../orders/x'
// is judged by where it lands, not by how it is spelt.
import path from 'node:path'

/**
 * Features that others may import, lowest first. A shared feature may import only the shared features
 * before it, so there is no cycle between features; any other feature may import any of them and no
 * other feature.
 */
export const SHARED_FEATURES = ['catalogue-rows', 'emails', 'used-bikes', 'abuse', 'jobs', 'feeds', 'stock', 'payments', 'records', 'deals', 'catalogue', 'finance-figures', 'search', 'basket', 'checkout', 'reservations', 'invoices', 'orders']

/** What each layer may import besides itself. */
const ALLOWED = {
  lib: [],
  domain: ['lib'],
  config: ['lib'],
  adapters: ['domain', 'config', 'lib'],
  cms: ['domain', 'config', 'lib', 'types', 'migrations', 'config-root'],
  components: ['domain', 'config', 'lib', 'types'],
  feature: ['cms', 'adapters', 'domain', 'config', 'lib', 'types', 'components'],
  app: ['feature', 'cms', 'domain', 'config', 'lib', 'types', 'components'],
  root: ['feature', 'app', 'cms', 'adapters', 'domain', 'config', 'lib', 'types', 'components', 'migrations', 'root', 'config-root'],
}

const WHY = {
  domain: 'src/domain is pure TypeScript: it imports only domain and lib.',
  lib: 'src/lib is generic code: it imports only lib.',
  config: 'src/config imports only config and lib.',
  adapters: 'adapters wrap outside services: they import only domain, config and lib (never cms, features or generated Payload types).',
  cms: 'cms is the Payload layer: it never imports features or adapters (a feature that owns a collection keeps it, and src/payload.config.ts assembles them).',
  components: 'src/components are shared UI: they import only domain, config, lib and types.',
  feature: 'features import each other only through the shared features declared in eslint-rules/layers.mjs, lowest first.',
  app: 'app routes and pages call features, not adapters.',
}

/** The layer of a file, from its path inside the repository. */
export function layerOf(rel) {
  const parts = rel.split('/')
  if (parts[0] !== 'src') return { layer: 'outside' }
  const top = parts[1].replace(/\.(ts|tsx|mjs)$/, '')
  if (top === 'features') return { layer: 'feature', feature: parts[2] }
  if (top === 'payload-types') return { layer: 'types' }
  if (top === 'payload.config') return { layer: 'config-root' }
  if (top === 'setup' || top === 'instrumentation' || top === 'proxy') return { layer: 'root' }
  if (['lib', 'domain', 'config', 'adapters', 'cms', 'components', 'app', 'migrations'].includes(top)) return { layer: top }
  return { layer: 'root' }
}

/** Why an import from one file to another breaks the layers, or null when it is allowed. */
export function violation(fromRel, toRel) {
  const from = layerOf(fromRel)
  const to = layerOf(toRel)
  if (from.layer === 'outside') return null
  if (to.layer === 'outside') return toRel === 'package.json' ? null : 'src imports nothing outside src (tests, scripts and bench import src, never the other way).'
  if (from.layer === 'config-root') return null
  if (from.layer === to.layer && from.layer !== 'feature') return null
  if (from.layer === 'feature' && to.layer === 'feature') {
    if (from.feature === to.feature) return null
    const target = SHARED_FEATURES.indexOf(to.feature)
    if (target === -1) return `features/${to.feature} is not a shared feature: ${WHY.feature}`
    const source = SHARED_FEATURES.indexOf(from.feature)
    if (source !== -1 && source < target) return `features/${from.feature} is below features/${to.feature} in the shared features: ${WHY.feature}`
    return null
  }
  // Only the Payload client in cms reaches the assembled config it is built from.
  if (to.layer === 'config-root') return from.layer === 'cms' && fromRel === 'src/cms/payload-client.server.ts' ? null : from.layer === 'root' ? null : 'only src/cms/payload-client.server.ts and the root import src/payload.config.ts.'
  if ((ALLOWED[from.layer] ?? []).includes(to.layer)) return null
  return WHY[from.layer] ?? `${from.layer} may not import ${to.layer}.`
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports follow the layers of docs/architecture.md' } },
  create(context) {
    const cwd = context.cwd ?? process.cwd()
    const fromRel = path.relative(cwd, context.filename).split(path.sep).join('/')
    // Tests beside the code are not part of a layer: they may use fixtures and seed data from anywhere.
    if (!fromRel.startsWith('src/') || /\.test\.tsx?$/.test(fromRel)) return {}
    const check = (node, spec) => {
      if (typeof spec !== 'string') return
      let target
      if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec)
      else if (spec === '@payload-config') target = path.join(cwd, 'src/payload.config.ts')
      else return
      const toRel = path.relative(cwd, target).split(path.sep).join('/')
      const why = violation(fromRel, toRel)
      if (why) context.report({ node, message: `Import of ${toRel} from ${fromRel}: ${why}` })
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

export default { rules: { layers: rule } }
