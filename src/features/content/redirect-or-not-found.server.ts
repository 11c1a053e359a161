// What a route does when it has nothing to show: follow a CMS redirect for the path, else 404.
import 'server-only'
import { notFound, permanentRedirect, redirect } from 'next/navigation'
import { redirectFor } from './queries.server'

export async function redirectOrNotFound(path: string): Promise<never> {
  const target = await redirectFor(path)
  if (target) {
    if (target.permanent) permanentRedirect(target.location)
    redirect(target.location)
  }
  notFound()
}
