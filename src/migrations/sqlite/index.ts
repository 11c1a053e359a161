import * as migration_20261122_051735_initial from './20261122_051735_initial';
import * as migration_20261122_054630_not_found_paths from './20261122_054630_not_found_paths';
import * as migration_20261122_074323_checkout_accounts_finance from './20261122_074323_checkout_accounts_finance';

export const migrations = [
  {
    up: migration_20261122_051735_initial.up,
    down: migration_20261122_051735_initial.down,
    name: '20261122_051735_initial',
  },
  {
    up: migration_20261122_054630_not_found_paths.up,
    down: migration_20261122_054630_not_found_paths.down,
    name: '20261122_054630_not_found_paths',
  },
  {
    up: migration_20261122_074323_checkout_accounts_finance.up,
    down: migration_20261122_074323_checkout_accounts_finance.down,
    name: '20261122_074323_checkout_accounts_finance'
  },
];
