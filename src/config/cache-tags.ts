// Tags of cached server reads; a staff change in the CMS expires them (src/cms/hooks/revalidate-storefront.ts).
export const CATALOGUE_TAG = 'catalogue'
