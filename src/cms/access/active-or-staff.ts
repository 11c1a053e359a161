import type { Access } from 'payload'
import { ON_SALE_STATUS } from '../../domain/catalogue/on-sale'
import { isStaffUser } from './roles'

// Staff read everything; everyone else reads only active (published) documents: for products, those on sale, the
// rule the sitemap and the Merchant feed share.
export const activeOrStaff: Access = ({ req }) => (isStaffUser(req.user) ? true : { status: { equals: ON_SALE_STATUS } })
