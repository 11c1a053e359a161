// Run by returns.int.test.ts as its own process (node scripts/run-ts.mjs): sends one refund on the test database
// with WHEELHOUSE_CRASH_AT=refund-made-not-recorded, so the process kills itself (SIGKILL) after the provider made
// the refund and before the shop recorded it.
import { getPayload } from 'payload'
import config from '../../src/payload.config'
import { sendRefund } from '../../src/features/returns/refunds.server'

const payload = await getPayload({ config })
const outcome = await sendRefund(payload, process.argv[2] ?? '')
console.log(`refund ${outcome}: the crash point did not stop this process`)
process.exit(3)
