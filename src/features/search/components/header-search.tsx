'use client'
// The header's search box on every page. The server draws a plain GET form to /search, which is all a
// browser without JavaScript gets. Its code is a late island (header-search-island.tsx) fetched only when the visitor
// focuses or points at the box; once live it becomes an ARIA 1.2 combobox (editable, list autocomplete, no automatic
// selection): suggestions from GET /api/search/suggest, asked for once typing pauses, the stale request aborted.
// Keys: Down/Up move through the options (wrapping), Enter follows the active one (or searches), Escape closes the
// list and, pressed again, clears the box. A polite live region says how many suggestions there are.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react'
import { paths } from '../../../config/paths'
import { MAX_SEARCH_LENGTH } from '../../../domain/catalogue/listing-query'
import type { Suggestions } from '../suggest.server'
import { announcement, GROUP_LABELS, groupOptions, MIN_SUGGEST_LENGTH, moveActive, suggestionOptions, type SuggestionOption } from '../suggestion-options'

const DEBOUNCE_MS = 150
const REMEMBERED = 30
// One header per page, so fixed ids: useId would not match the server's inside a late island (ADR 016).
const INPUT_ID = 'site-search-q'
const LISTBOX_ID = 'site-search-listbox'
const optionId = (index: number) => `site-search-option-${index}`

/** The words as the suggestions are keyed: the endpoint folds case and spaces the same way. */
const keyOf = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase()

const noChange = () => () => undefined
/** false in the server's HTML and while hydrating it, true once live in the browser. */
const useLive = () => useSyncExternalStore(noChange, () => true, () => false)

export function HeaderSearch() {
  const input = useRef<HTMLInputElement>(null)
  const listbox = useRef<HTMLDivElement>(null)
  // Until this component is live in the browser the box is the server's plain search form; the combobox roles
  // arrive with the behaviour, so nobody is offered a list that cannot open.
  const enhanced = useLive()
  const [options, setOptions] = useState<SuggestionOption[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const remembered = useRef(new Map<string, SuggestionOption[]>())
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({})
  const shownFor = useRef('')

  const show = useCallback((key: string, found: SuggestionOption[]) => {
    shownFor.current = key
    setOptions(found)
    setActive(-1)
    setOpen(found.length > 0 && document.activeElement === input.current)
    setStatus(announcement(found.length))
  }, [])

  const cancel = useCallback(() => {
    clearTimeout(pending.current.timer)
    pending.current.controller?.abort()
    pending.current = {}
  }, [])

  /** Suggestions for what the box holds now: from memory, or asked for once typing pauses. */
  const ask = useCallback(
    (typed: string) => {
      cancel()
      setActive(-1)
      const key = keyOf(typed)
      if (key.length < MIN_SUGGEST_LENGTH) {
        shownFor.current = ''
        setOptions([])
        setOpen(false)
        setActive(-1)
        setStatus('')
        return
      }
      const known = remembered.current.get(key)
      if (known) return show(key, known)
      const controller = new AbortController()
      pending.current = {
        controller,
        timer: setTimeout(() => {
          fetch(paths.searchSuggest(key), { signal: controller.signal, headers: { accept: 'application/json' } })
            .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
            .then((body) => {
              if (!body || controller.signal.aborted) return
              const found = suggestionOptions(body)
              if (remembered.current.size >= REMEMBERED) remembered.current.delete(remembered.current.keys().next().value!)
              remembered.current.set(key, found)
              show(key, found)
            })
            // Aborted (the visitor typed on) or offline: the box still searches on Enter; nothing to say.
            .catch(() => undefined)
        }, DEBOUNCE_MS),
      }
    },
    [cancel, show],
  )

  useEffect(() => {
    // Letters typed while this code was on its way are in the box already.
    if (input.current && document.activeElement === input.current) ask(input.current.value)
    return cancel
  }, [ask, cancel])

  // The active option stays in view in a list that scrolls.
  useEffect(() => {
    if (active >= 0) listbox.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const follow = (option: SuggestionOption) => {
    setOpen(false)
    window.location.assign(option.url)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return
        event.preventDefault()
        const direction = event.key === 'ArrowDown' ? 'next' : 'previous'
        if (!open) {
          setOpen(true)
          // Alt+Down opens the list without choosing (APG)
          setActive(event.altKey ? -1 : moveActive(-1, direction, options.length))
        } else setActive(moveActive(active, direction, options.length))
        return
      }
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault()
          follow(options[active])
        }
        return
      case 'Escape':
        if (open) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        } else if (event.currentTarget.value) {
          event.preventDefault()
          event.currentTarget.value = ''
          ask('')
        }
        return
    }
  }

  const expanded = enhanced && open && options.length > 0
  return (
    <form method="get" action={paths.search()} role="search" aria-label="Site" className="site-search">
      <label htmlFor={INPUT_ID} className="visually-hidden">
        Search bikes, brands and gear
      </label>
      <div className="site-search__field">
        <input
          ref={input}
          id={INPUT_ID}
          name="q"
          type="search"
          placeholder="Search"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          className="site-search__input"
          {...(enhanced && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': expanded,
            'aria-controls': LISTBOX_ID,
            'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
            onInput: (event: FormEvent<HTMLInputElement>) => ask(event.currentTarget.value),
            onFocus: () => {
              if (options.length > 0 && shownFor.current === keyOf(input.current?.value ?? '')) setOpen(true)
            },
            // The list never takes the focus (a press on it is held back), so leaving the box closes it.
            onBlur: () => {
              setOpen(false)
              setActive(-1)
            },
            onKeyDown,
          })}
        />
        <button type="submit" className="site-search__submit">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="M15.5 15.5 21 21" />
          </svg>
          <span className="visually-hidden">Search</span>
        </button>
      </div>
      {enhanced && (
        <>
          <div
            ref={listbox}
            id={LISTBOX_ID}
            role="listbox"
            aria-label="Suggestions"
            className="site-search__listbox"
            hidden={!expanded}
            // Pressing an option must not take the focus from the text box (it would close the list first).
            onMouseDown={(event) => event.preventDefault()}
          >
            {groupOptions(options).map(({ group, options: members }) => (
              <ul key={group} role="group" aria-labelledby={`site-search-group-${group}`} className="site-search__group">
                <li role="presentation" id={`site-search-group-${group}`} className="site-search__group-label">
                  {GROUP_LABELS[group]}
                </li>
                {members.map(({ option, index }) => (
                  <li
                    key={option.url}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className="site-search__option"
                    onClick={() => follow(option)}
                  >
                    {option.image ? <img src={option.image.url} alt="" width={48} height={36} className="site-search__image" /> : group === 'products' ? <span className="site-search__image" /> : null}
                    <span className="site-search__label">{option.label}</span>
                    <span className="site-search__detail">{option.detail}</span>
                  </li>
                ))}
              </ul>
            ))}
          </div>
          <div role="status" className="visually-hidden">
            {status}
          </div>
        </>
      )}
    </form>
  )
}
