// A direct connection to a crash test's throwaway database (SQLite file or PostgreSQL), for counting what a
// killed server left behind.
import { createClient } from '@libsql/client'
import pg from 'pg'

export type Row = Record<string, unknown>
export type Query = (sql: string) => Promise<Row[]>

export function database(kind: string, url: string): { query: Query; close: () => Promise<void> } {
  if (kind === 'sqlite') {
    const client = createClient({ url })
    return { query: async (sql) => (await client.execute(sql)).rows as unknown as Row[], close: async () => client.close() }
  }
  const client = new pg.Client({ connectionString: url })
  const connected = client.connect()
  return {
    query: async (sql) => {
      await connected
      return (await client.query(sql)).rows
    },
    close: async () => {
      await connected
      await client.end()
    },
  }
}
