// A light English stemmer for a shop's words: plurals only (helmets → helmet, batteries → battery,
// boxes → box), never touching short words, numbers or words that merely end in s (abus, chassis, gloss).
// It needs to be consistent more than correct: the index and the query are stemmed alike.

const KEEP_ENDINGS = ['ss', 'us', 'is', 'os', 'as']

export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith('sses')) return word.slice(0, -2)
  if (/(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2)
  if (!word.endsWith('s') || KEEP_ENDINGS.some((e) => word.endsWith(e))) return word
  return word.slice(0, -1)
}
