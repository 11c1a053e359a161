import * as migration_20261122_051735_initial from './20261122_051735_initial';
import * as migration_20261122_054630_not_found_paths from './20261122_054630_not_found_paths';
import * as migration_20261122_074323_checkout_accounts_finance from './20261122_074323_checkout_accounts_finance';
import * as migration_20261123_213559_stock_ledger_jobs from './20261123_213559_stock_ledger_jobs';
import * as migration_20261123_222203_bookings from './20261123_222203_bookings';
import * as migration_20261123_225651_reservations from './20261123_225651_reservations';
import * as migration_20261124_102630_media_avif from './20261124_102630_media_avif';
import * as migration_20261125_182500_saved_bikes from './20261125_182500_saved_bikes';
import * as migration_20261126_072516_hold_client from './20261126_072516_hold_client';
import * as migration_20261126_083146_list_price from './20261126_083146_list_price';
import * as migration_20261126_103840_catalogue_imports from './20261126_103840_catalogue_imports';
import * as migration_20261126_103943_search from './20261126_103943_search';
import * as migration_20261126_115757_merged_schema_snapshot from './20261126_115757_merged_schema_snapshot';
import * as migration_20261126_181617_part_exchange from './20261126_181617_part_exchange';
import * as migration_20261126_181638_monthly_figures from './20261126_181638_monthly_figures';
import * as migration_20261126_184904_merged_schema_snapshot_2 from './20261126_184904_merged_schema_snapshot_2';
import * as migration_20261127_071500_listing_kind_price_index from './20261127_071500_listing_kind_price_index';
import * as migration_20261127_110000_listing_all_and_facets_indexes from './20261127_110000_listing_all_and_facets_indexes';
import * as migration_20261128_170000_email_confirmation from './20261128_170000_email_confirmation';
import * as migration_20261128_190000_search_log_per_day from './20261128_190000_search_log_per_day';
import * as migration_20261128_200000_feeds_rebuild_job from './20261128_200000_feeds_rebuild_job';
import * as migration_20261128_220000_vat_treatments from './20261128_220000_vat_treatments';
import * as migration_20261129_010000_returns_and_refunds from './20261129_010000_returns_and_refunds';
import * as migration_20261129_020000_invoices from './20261129_020000_invoices';
import * as migration_20261129_030000_data_requests from './20261129_030000_data_requests';
import * as migration_20261129_040000_pay_later from './20261129_040000_pay_later';
import * as migration_20261129_050000_low_stock_threshold from './20261129_050000_low_stock_threshold';
import * as migration_20261129_050100_data_exports from './20261129_050100_data_exports';
import * as migration_20261129_080000_used_bikes_and_ebikes from './20261129_080000_used_bikes_and_ebikes';
import * as migration_20261129_090000_credit_note_job from './20261129_090000_credit_note_job';
import * as migration_20261130_020000_email_brand from './20261130_020000_email_brand';
import * as migration_20261201_010000_cycle_to_work from './20261201_010000_cycle_to_work';
import * as migration_20261201_030000_exchanges from './20261201_030000_exchanges';
import * as migration_20261202_030000_price_history from './20261202_030000_price_history';
import * as migration_20261203_010000_deals from './20261203_010000_deals';
import * as migration_20261203_020000_finance_evidence from './20261203_020000_finance_evidence';
import * as migration_20261203_030000_part_exchange_answers from './20261203_030000_part_exchange_answers';
import * as migration_20261204_010000_deal_last_step_delivery from './20261204_010000_deal_last_step_delivery';

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
    name: '20261122_074323_checkout_accounts_finance',
  },
  {
    up: migration_20261123_213559_stock_ledger_jobs.up,
    down: migration_20261123_213559_stock_ledger_jobs.down,
    name: '20261123_213559_stock_ledger_jobs',
  },
  {
    up: migration_20261123_222203_bookings.up,
    down: migration_20261123_222203_bookings.down,
    name: '20261123_222203_bookings',
  },
  {
    up: migration_20261123_225651_reservations.up,
    down: migration_20261123_225651_reservations.down,
    name: '20261123_225651_reservations',
  },
  {
    up: migration_20261124_102630_media_avif.up,
    down: migration_20261124_102630_media_avif.down,
    name: '20261124_102630_media_avif',
  },
  {
    up: migration_20261125_182500_saved_bikes.up,
    down: migration_20261125_182500_saved_bikes.down,
    name: '20261125_182500_saved_bikes',
  },
  {
    up: migration_20261126_072516_hold_client.up,
    down: migration_20261126_072516_hold_client.down,
    name: '20261126_072516_hold_client',
  },
  {
    up: migration_20261126_083146_list_price.up,
    down: migration_20261126_083146_list_price.down,
    name: '20261126_083146_list_price',
  },
  {
    up: migration_20261126_103840_catalogue_imports.up,
    down: migration_20261126_103840_catalogue_imports.down,
    name: '20261126_103840_catalogue_imports',
  },
  {
    up: migration_20261126_103943_search.up,
    down: migration_20261126_103943_search.down,
    name: '20261126_103943_search',
  },
  {
    up: migration_20261126_115757_merged_schema_snapshot.up,
    down: migration_20261126_115757_merged_schema_snapshot.down,
    name: '20261126_115757_merged_schema_snapshot',
  },
  {
    up: migration_20261126_181617_part_exchange.up,
    down: migration_20261126_181617_part_exchange.down,
    name: '20261126_181617_part_exchange',
  },
  {
    up: migration_20261126_181638_monthly_figures.up,
    down: migration_20261126_181638_monthly_figures.down,
    name: '20261126_181638_monthly_figures',
  },
  {
    up: migration_20261126_184904_merged_schema_snapshot_2.up,
    down: migration_20261126_184904_merged_schema_snapshot_2.down,
    name: '20261126_184904_merged_schema_snapshot_2',
  },
  {
    up: migration_20261127_071500_listing_kind_price_index.up,
    down: migration_20261127_071500_listing_kind_price_index.down,
    name: '20261127_071500_listing_kind_price_index',
  },
  {
    up: migration_20261127_110000_listing_all_and_facets_indexes.up,
    down: migration_20261127_110000_listing_all_and_facets_indexes.down,
    name: '20261127_110000_listing_all_and_facets_indexes',
  },
  {
    up: migration_20261128_170000_email_confirmation.up,
    down: migration_20261128_170000_email_confirmation.down,
    name: '20261128_170000_email_confirmation',
  },
  {
    up: migration_20261128_190000_search_log_per_day.up,
    down: migration_20261128_190000_search_log_per_day.down,
    name: '20261128_190000_search_log_per_day',
  },
  {
    up: migration_20261128_200000_feeds_rebuild_job.up,
    down: migration_20261128_200000_feeds_rebuild_job.down,
    name: '20261128_200000_feeds_rebuild_job',
  },
  {
    up: migration_20261128_220000_vat_treatments.up,
    down: migration_20261128_220000_vat_treatments.down,
    name: '20261128_220000_vat_treatments',
  },
  {
    up: migration_20261129_010000_returns_and_refunds.up,
    down: migration_20261129_010000_returns_and_refunds.down,
    name: '20261129_010000_returns_and_refunds',
  },
  {
    up: migration_20261129_020000_invoices.up,
    down: migration_20261129_020000_invoices.down,
    name: '20261129_020000_invoices',
  },
  {
    up: migration_20261129_030000_data_requests.up,
    down: migration_20261129_030000_data_requests.down,
    name: '20261129_030000_data_requests',
  },
  {
    up: migration_20261129_040000_pay_later.up,
    down: migration_20261129_040000_pay_later.down,
    name: '20261129_040000_pay_later',
  },
  {
    up: migration_20261129_050000_low_stock_threshold.up,
    down: migration_20261129_050000_low_stock_threshold.down,
    name: '20261129_050000_low_stock_threshold',
  },
  {
    up: migration_20261129_050100_data_exports.up,
    down: migration_20261129_050100_data_exports.down,
    name: '20261129_050100_data_exports',
  },
  {
    up: migration_20261129_080000_used_bikes_and_ebikes.up,
    down: migration_20261129_080000_used_bikes_and_ebikes.down,
    name: '20261129_080000_used_bikes_and_ebikes',
  },
  {
    up: migration_20261129_090000_credit_note_job.up,
    down: migration_20261129_090000_credit_note_job.down,
    name: '20261129_090000_credit_note_job',
  },
  {
    up: migration_20261130_020000_email_brand.up,
    down: migration_20261130_020000_email_brand.down,
    name: '20261130_020000_email_brand',
  },
  {
    up: migration_20261201_010000_cycle_to_work.up,
    down: migration_20261201_010000_cycle_to_work.down,
    name: '20261201_010000_cycle_to_work',
  },
  {
    up: migration_20261201_030000_exchanges.up,
    down: migration_20261201_030000_exchanges.down,
    name: '20261201_030000_exchanges',
  },
  {
    up: migration_20261202_030000_price_history.up,
    down: migration_20261202_030000_price_history.down,
    name: '20261202_030000_price_history',
  },
  {
    up: migration_20261203_010000_deals.up,
    down: migration_20261203_010000_deals.down,
    name: '20261203_010000_deals',
  },
  {
    up: migration_20261203_020000_finance_evidence.up,
    down: migration_20261203_020000_finance_evidence.down,
    name: '20261203_020000_finance_evidence',
  },
  {
    up: migration_20261203_030000_part_exchange_answers.up,
    down: migration_20261203_030000_part_exchange_answers.down,
    name: '20261203_030000_part_exchange_answers',
  },
  {
    up: migration_20261204_010000_deal_last_step_delivery.up,
    down: migration_20261204_010000_deal_last_step_delivery.down,
    name: '20261204_010000_deal_last_step_delivery',
  },
];
