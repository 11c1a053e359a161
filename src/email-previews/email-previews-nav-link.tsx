// A link to the email previews in the admin's side navigation.
import { paths } from '../config/paths'

export function EmailPreviewsNavLink() {
  return (
    <a href={paths.adminEmailPreviews()} className="nav__link" style={{ display: 'block', padding: '4px 0' }}>
      Email previews
    </a>
  )
}
