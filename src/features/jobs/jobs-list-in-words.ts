// The jobs collection as staff read it in the admin: columns for the job's kind, state and tries, last error and
// times in words (./admin/job-cells.tsx), in front of Payload's own fields.
import type { CollectionConfig, Field } from 'payload'

const cell = (name: string, label: string, component: string): Field => ({
  name,
  label,
  type: 'ui',
  admin: { components: { Cell: `/features/jobs/admin/job-cells#${component}` } },
})

export function withJobsListInWords(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    admin: {
      ...collection.admin,
      defaultColumns: ['id', 'jobKind', 'jobState', 'jobLastError', 'jobTimes'],
      description: 'Background work: emails, imports, exports, backups and feeds. Each job’s kind, state and tries, last error and times; open one for its full log.',
    },
    fields: [
      cell('jobKind', 'Kind', 'JobKindCell'),
      cell('jobState', 'State and tries', 'JobStateCell'),
      cell('jobLastError', 'Last error', 'JobErrorCell'),
      cell('jobTimes', 'When', 'JobTimesCell'),
      ...collection.fields,
    ],
  }
}
