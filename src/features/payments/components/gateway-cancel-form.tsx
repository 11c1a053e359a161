// The test gateway's way back to the shop without paying, on its card page and its Klarna page alike.
export function GatewayCancelForm({ action }: { action: string }) {
  return (
    <form method="post" action={`${action}/cancel`} className="tg-actions">
      <button className="tg-button tg-button--quiet" type="submit">Cancel and return to the shop</button>
    </form>
  )
}
