import * as migration_20261122_051735_initial from './20261122_051735_initial';

export const migrations = [
  {
    up: migration_20261122_051735_initial.up,
    down: migration_20261122_051735_initial.down,
    name: '20261122_051735_initial'
  },
];
