// A link to the deal hub in the admin's side navigation.
export function DealHubNavLink() {
  return (
    <a href="/admin/deal-hub" className="nav__link" style={{ display: 'block', padding: '4px 0' }}>
      Deal hub
    </a>
  )
}
