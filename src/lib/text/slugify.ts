// A URL slug: always lower-case kebab, accents dropped, at most 120 characters. The slug field fills itself with it,
// and the stock importer (which writes products past Payload's hooks) chooses a new product's slug with it.

export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
}
