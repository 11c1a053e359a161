// A link to the workshop day view in the admin's side navigation.
export function WorkshopNavLink() {
  return (
    <a href="/admin/workshop" className="nav__link" style={{ display: 'block', padding: '4px 0' }}>
      Workshop day view
    </a>
  )
}
