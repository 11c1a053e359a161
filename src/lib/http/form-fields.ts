// Reading a posted form in a server action. Next lets anyone call a server action with any arguments it can encode
// (a string, null, an object) in place of the FormData the page sends, so the form is read as `unknown`: anything
// that is not a FormData reads as a form with no fields, which each action's own checks then refuse with its error
// state, never an exception (a 500).

function isForm(form: unknown): form is FormData {
  return form instanceof FormData
}

/** The field's text; '' when it is missing, a file, or the form is no form. */
export function formText(form: unknown, name: string): string {
  const value = isForm(form) ? form.get(name) : null
  return typeof value === 'string' ? value : ''
}

/** Every text value of a repeated field (files left out). */
export function formTexts(form: unknown, name: string): string[] {
  return isForm(form) ? form.getAll(name).filter((v): v is string => typeof v === 'string') : []
}

/** The form's text fields, in order (files left out). */
export function formEntries(form: unknown): [string, string][] {
  return isForm(form) ? [...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string') : []
}
