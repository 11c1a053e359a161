// Discount coupons staff create in the admin (spec §5, §9): fixed_cart in pence, percent as a percentage; fixed_product is refused at checkout.
import type { CollectionConfig } from 'payload'
import { staffOnly } from '../access/staff-only'
import { penceField } from '../fields/pence'
import { lockRowsForUpdate } from '../hooks/lock-rows-for-update'

export const Coupons: CollectionConfig = {
  slug: 'coupons',
  admin: { useAsTitle: 'code', defaultColumns: ['code', 'discountType', 'amount', 'expiresAt', 'usedCount', 'usageLimit', 'active'], group: 'Sales' },
  // Customers never list coupons: the basket checks one code at a time through the server.
  access: { read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly },
  hooks: {
    beforeOperation: [lockRowsForUpdate('coupons')],
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.code === 'string') data.code = data.code.trim().toUpperCase()
        return data
      },
    ],
  },
  fields: [
    { name: 'code', type: 'text', required: true, unique: true, index: true, minLength: 2, maxLength: 40 },
    {
      type: 'row',
      fields: [
        {
          name: 'discountType',
          type: 'select',
          required: true,
          defaultValue: 'percent',
          options: [
            { label: 'Percentage off the basket (percent)', value: 'percent' },
            { label: 'Fixed amount off the basket (fixed_cart)', value: 'fixed_cart' },
            { label: 'Fixed amount off a product (fixed_product, not supported online)', value: 'fixed_product' },
          ],
        },
        {
          name: 'amount',
          type: 'number',
          required: true,
          min: 0,
          admin: {
            description: 'Percent: a percentage such as 10. Fixed amounts: pounds and pence, such as 25.00.',
            components: { Field: { path: '/cms/components/money-field#MoneyField', clientProps: { percentWhen: { field: 'discountType', equals: 'percent' } } }, Cell: '/cms/components/coupon-amount-cell#CouponAmountCell' },
          },
          validate: (value: unknown, { siblingData }: { siblingData: { discountType?: string } }) => {
            if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return 'Enter an amount of zero or more'
            if (siblingData.discountType === 'percent' && value > 100) return 'A percentage cannot be more than 100'
            if (siblingData.discountType !== 'percent' && !Number.isSafeInteger(value)) return 'Enter a fixed amount in pounds and pence, such as 25.00 (whole pence through the API)'
            return true
          },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'validFrom', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'expiresAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'usageLimit', type: 'number', min: 1, admin: { description: 'How many orders may use it in total; empty for no limit.' } },
        { name: 'usedCount', type: 'number', required: true, defaultValue: 0, min: 0, admin: { readOnly: true, description: 'Orders that hold or used it (unpaid orders give theirs back).' } },
        penceField('minimumSpendPence', 'Minimum spend'),
      ],
    },
    { name: 'active', type: 'checkbox', defaultValue: true },
    { name: 'description', type: 'text', maxLength: 200, admin: { description: 'For staff: what the coupon is for.' } },
  ],
}
