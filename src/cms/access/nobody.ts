import type { Access } from 'payload'

// No one through the API: only server code using the Local API with overrideAccess may do this.
export const nobody: Access = () => false
