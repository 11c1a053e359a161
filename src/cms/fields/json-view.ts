// The admin component of every JSON field staff see: the value as indented text, read-only (cms/components/json-view.tsx).
export const JSON_VIEW = { Field: '/cms/components/json-view#JsonView' } as const
