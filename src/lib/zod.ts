// zod as this shop uses it: without its eval-based fast path. The CSP forbids eval, and zod's probe for it
// (`Function("")`) is itself reported by the browser as a CSP violation. Import z from here, never from 'zod'.
import { z } from 'zod'

z.config({ jitless: true })

export { z }
