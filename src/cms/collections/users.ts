// Customers, staff and admins: one auth collection, the role decides what each may do.
import type { CollectionAfterLogoutHook, CollectionBeforeChangeHook, CollectionConfig, FieldAccess } from 'payload'
import { adminOnly } from '../access/admin-only'
import { anyone } from '../access/anyone'
import { isAdminUser, ROLES } from '../access/roles'
import { selfOrStaff } from '../access/self-or-staff'
import { staffPanel } from '../access/staff-panel'
import { env } from '../../config/env'
import { cookieIsSecure } from '../auth/cookie-security'
import { revokeAllApiTokens } from '../auth/credential-changes'
import { prepareEmailConfirmation, sendEmailConfirmation, stampConfirmedAtCreation } from '../auth/email-confirmation'
import { resetPasswordEmailHtml, resetPasswordEmailSubject } from '../auth/reset-password-email'
import { argon2BeforeOperation, argon2StoreHash } from '../hooks/argon2-passwords'
import { hideRecordsOutOfReach } from '../hooks/hide-records-out-of-reach'
import { limitRegistration } from '../hooks/limit-registration'
import { refuseMalformedData } from '../hooks/refuse-malformed-data'

const adminField: FieldAccess = ({ req }) => isAdminUser(req.user)

/** An API key is turned on, changed or off only by an admin (or server code); anyone else's change to it is dropped. */
const apiKeysByAdminsOnly: CollectionBeforeChangeHook = ({ data, req, originalDoc }) => {
  if (req.payloadAPI === 'local' || isAdminUser(req.user)) return data
  data.enableAPIKey = originalDoc?.enableAPIKey ?? false
  data.apiKey = originalDoc?.apiKey ?? null
  return data
}

/**
 * Signing out anywhere (the storefront, the admin, REST or GraphQL logout) also ends every API token of the account:
 * a token from /wp-json/jwt-auth/v1/token must not outlive the sign-out of the person who got it.
 */
const endApiTokensAtSignOut: CollectionAfterLogoutHook = async ({ req }) => {
  if (req.user?.collection === 'users') await revokeAllApiTokens(req.payload, req.user.id, req)
}

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 60 * 60 * 8,
    maxLoginAttempts: 0, // Payload's lock-out is off: login-throttles slows attackers without locking anyone out for good (ADR 006)
    // HttpOnly always (Payload's default), SameSite=Lax, Secure whenever the shop is served over HTTPS (directly or behind a proxy).
    cookies: { sameSite: 'Lax', secure: cookieIsSecure(env().SITE_URL) },
    // Staff API keys, for dealer systems that push stock; only an admin may turn one on.
    useAPIKey: true,
    forgotPassword: {
      expiration: 60 * 60 * 1000,
      generateEmailHTML: (args) => resetPasswordEmailHtml(args?.req, env().SITE_URL, args?.token ?? ''),
      generateEmailSubject: (args) => resetPasswordEmailSubject(args?.req),
    },
  },
  hooks: {
    // The registration limit first: every visitor's attempt counts, whatever else is wrong with it.
    beforeOperation: [limitRegistration, refuseMalformedData, hideRecordsOutOfReach, prepareEmailConfirmation, argon2BeforeOperation],
    beforeValidate: [argon2StoreHash],
    beforeChange: [apiKeysByAdminsOnly, stampConfirmedAtCreation],
    afterChange: [sendEmailConfirmation],
    afterLogout: [endApiTokensAtSignOut],
  },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'firstName', 'lastName', 'role'], group: 'People' },
  access: {
    admin: staffPanel,
    create: anyone, // registration; the role field below stays 'customer' unless an admin sets it
    read: selfOrStaff,
    update: selfOrStaff,
    delete: adminOnly,
  },
  fields: [
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'customer',
      options: ROLES.map((r) => ({ label: r[0]!.toUpperCase() + r.slice(1), value: r })),
      saveToJWT: true,
      index: true,
      access: { create: adminField, update: adminField },
      admin: { position: 'sidebar' },
    },
    { name: 'firstName', type: 'text', maxLength: 80 },
    { name: 'lastName', type: 'text', maxLength: 80 },
    { name: 'phone', type: 'text', maxLength: 30 },
    {
      name: 'addresses',
      type: 'array',
      maxRows: 10,
      fields: [
        { name: 'label', type: 'text', maxLength: 40 },
        { name: 'line1', type: 'text', required: true, maxLength: 120 },
        { name: 'line2', type: 'text', maxLength: 120 },
        { name: 'town', type: 'text', required: true, maxLength: 80 },
        { name: 'county', type: 'text', maxLength: 80 },
        { name: 'postcode', type: 'text', required: true, maxLength: 10 },
        { name: 'country', type: 'text', defaultValue: 'GB', maxLength: 2 },
      ],
    },
    {
      name: 'savedBasket',
      type: 'json',
      admin: { hidden: true },
      // The signed-in customer's basket lines (product, variant, count); prices are always re-read from the catalogue.
      access: { read: ({ req, doc }) => Boolean(req.user && doc && req.user.id === doc.id), update: ({ req, doc }) => Boolean(req.user && doc && req.user.id === doc.id) },
    },
    {
      // Never stored: the owner sends it with a change of their own password or email address (ADR 009).
      name: 'currentPassword',
      type: 'text',
      virtual: true,
      maxLength: 1024,
      admin: { hidden: true },
      access: { read: () => false },
    },
    {
      // When the address was shown to reach the account's owner; empty until then (ADR 038). Set only by the shop.
      name: 'emailConfirmedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', description: 'Empty until the customer opens the link emailed to this address (or resets the password through it).' },
      access: { create: () => false, update: () => false },
    },
    {
      name: 'passwordArgon2',
      type: 'text',
      maxLength: 255,
      admin: { hidden: true },
      access: { read: () => false, update: () => false, create: () => false },
    },
  ],
}
