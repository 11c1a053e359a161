'use client'
// Shown when rendering a page fails on the server (the response status is 500) or in the browser.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="container section content-page">
      <h1>Something went wrong</h1>
      <p>Sorry, the shop hit a problem showing this page. Please try again; if it keeps happening, call us.</p>
      <p>
        <button type="button" className="button" onClick={reset}>Try again</button>
      </p>
    </div>
  )
}
