import * as migration_20261122_051742_initial from './20261122_051742_initial';
import * as migration_20261122_054643_not_found_paths from './20261122_054643_not_found_paths';
import * as migration_20261122_074328_checkout_accounts_finance from './20261122_074328_checkout_accounts_finance';

export const migrations = [
  {
    up: migration_20261122_051742_initial.up,
    down: migration_20261122_051742_initial.down,
    name: '20261122_051742_initial',
  },
  {
    up: migration_20261122_054643_not_found_paths.up,
    down: migration_20261122_054643_not_found_paths.down,
    name: '20261122_054643_not_found_paths',
  },
  {
    up: migration_20261122_074328_checkout_accounts_finance.up,
    down: migration_20261122_074328_checkout_accounts_finance.down,
    name: '20261122_074328_checkout_accounts_finance'
  },
];
