import { paths } from '../../config/paths'

// Shown with status 404 for unknown paths and for pages whose data is missing (spec §2).
export default function NotFound() {
  return (
    <div className="container section content-page">
      <h1>Page not found</h1>
      <p>Sorry, we couldn’t find that page. It may have moved, or the bike may have been sold.</p>
      <ul>
        <li><a href={paths.allBikes()}>Browse all bikes</a></li>
        <li><a href={paths.search()}>Search the shop</a></li>
        <li><a href={paths.home()}>Go to the home page</a></li>
      </ul>
    </div>
  )
}
