import type { Access } from 'payload'

// Anyone, signed in or not, may do this (public catalogue and content reads).
export const anyone: Access = () => true
