// At most `max` requests of one kind running at once in this process; the next is answered at once by `refuse`
// (issue 22 §2, ADR 021). GraphQL runs its database work on the same event loop as every page and /api/health, so a
// few allowed-but-heavy GraphQL requests at once (each under a second alone) would still stall the shop for seconds.

/** `matches(req)` picks the requests; `refuse(res)` answers one over the limit. `admit` answers true when it refused. */
export function createInFlightLimit({ max, matches, refuse }) {
  let inFlight = 0
  return {
    admit(req, res) {
      if (!matches(req)) return false
      if (inFlight >= max) {
        refuse(res)
        return true
      }
      inFlight += 1
      let released = false
      const release = () => {
        if (released) return
        released = true
        inFlight -= 1
      }
      res.on('finish', release)
      res.on('close', release)
      return false
    },
    get inFlight() {
      return inFlight
    },
  }
}
