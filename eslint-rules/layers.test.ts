import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { layerOf, violation } from './layers.mjs'

describe('layers', () => {
  it('knows each layer from its path', () => {
    expect(layerOf('src/domain/money.ts')).toEqual({ layer: 'domain' })
    expect(layerOf('src/features/orders/place-order.server.ts')).toEqual({ layer: 'feature', feature: 'orders' })
    expect(layerOf('src/payload-types')).toEqual({ layer: 'types' })
    expect(layerOf('src/setup/prepare.ts')).toEqual({ layer: 'root' })
    expect(layerOf('tests/int/payload.ts')).toEqual({ layer: 'outside' })
  })

  it('lets imports flow down and refuses them going up or sideways', () => {
    expect(violation('src/features/orders/a.ts', 'src/domain/money')).toBeNull()
    expect(violation('src/features/finance/a.ts', 'src/features/orders/order-contract')).toBeNull()
    expect(violation('src/features/orders/a.ts', 'src/features/reservations/r')).toBeNull()
    expect(violation('src/setup/jobs/tasks.ts', 'src/features/orders/x')).toBeNull()
    expect(violation('src/domain/money.ts', 'src/lib/zod')).toBeNull()

    expect(violation('src/domain/money.ts', 'src/cms/payload-client.server')).toMatch(/pure TypeScript/)
    expect(violation('src/cms/hooks/x.ts', 'src/features/orders/x')).toMatch(/never imports features/)
    expect(violation('src/cms/hooks/x.ts', 'src/adapters/email/email.server')).toMatch(/never imports features or adapters/)
    expect(violation('src/adapters/payments/x.ts', 'src/payload-types')).toMatch(/generated Payload types/)
    expect(violation('src/app/api/x/route.ts', 'src/adapters/payments/stripe.server')).toMatch(/call features, not adapters/)
    // Shared features only import shared features below them; others are not importable at all.
    expect(violation('src/features/reservations/x.ts', 'src/features/orders/y')).toMatch(/below features\/orders/)
    expect(violation('src/features/basket/x.ts', 'src/features/checkout/y')).toMatch(/below features\/checkout/)
    expect(violation('src/features/orders/x.ts', 'src/features/finance/y')).toMatch(/not a shared feature/)
    expect(violation('src/features/listing/x.ts', 'src/features/product/y')).toMatch(/not a shared feature/)
    expect(violation('src/cms/seed.ts', 'tests/factories')).toMatch(/nothing outside src/)
    expect(violation('src/features/orders/x.ts', 'src/payload.config')).toMatch(/only src\/cms\/payload-client/)
    expect(violation('src/cms/payload-client.server.ts', 'src/payload.config')).toBeNull()
  })

  it('fails lint on a wrong import, judged by where a relative path lands', async () => {
    const root = path.resolve(import.meta.dirname, '..')
    const eslint = new ESLint({ cwd: root })
    const wrong = "import { placeOrder } from '../orders/place-order.server'\nexport const x = placeOrder\n"
    const [result] = await eslint.lintText(wrong, { filePath: path.join(root, 'src/features/basket/wrong.ts') })
    expect(result?.messages.map((m) => m.ruleId)).toContain('wheelhouse/layers')
    const right = "import { formatPence } from '../../domain/money'\nexport const x = formatPence\n"
    const [ok] = await eslint.lintText(right, { filePath: path.join(root, 'src/features/basket/right.ts') })
    expect(ok?.messages.filter((m) => m.ruleId === 'wheelhouse/layers')).toEqual([])
  }, 60_000)
})
