import * as migration_20261122_051742_initial from './20261122_051742_initial';

export const migrations = [
  {
    up: migration_20261122_051742_initial.up,
    down: migration_20261122_051742_initial.down,
    name: '20261122_051742_initial'
  },
];
