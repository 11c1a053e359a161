import { describe, expect, it } from 'vitest'
import { isUniqueViolation } from './sql.server'

describe('isUniqueViolation', () => {
  it('knows PostgreSQL’s 23505 on the error and under Drizzle’s "Failed query" wrapper', () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate key value violates unique constraint "returns_return_number_idx"'), { code: '23505' }))).toBe(true)
    expect(isUniqueViolation(Object.assign(new Error('Failed query: INSERT INTO returns (return_number) VALUES ($1)'), { cause: { code: '23505', message: 'duplicate key' } }))).toBe(true)
  })
  it('knows SQLite’s constraint message and Payload’s unique-field validation', () => {
    expect(isUniqueViolation(new Error('SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: returns.return_number'))).toBe(true)
    expect(isUniqueViolation(Object.assign(new Error('The following field is invalid: checkoutKey'), { data: { errors: [{ message: 'Value must be unique', path: 'checkoutKey' }] } }))).toBe(true)
  })
  it('is false for any other failure', () => {
    expect(isUniqueViolation(Object.assign(new Error('Failed query: INSERT INTO returns'), { cause: { code: '23502', message: 'null value in column "order_id" violates not-null constraint' } }))).toBe(false)
    expect(isUniqueViolation(new Error('connection terminated'))).toBe(false)
    expect(isUniqueViolation(null)).toBe(false)
  })
})
