// The names of the shop's background tasks. The tasks themselves (what each one does) are assembled in
// src/setup/jobs/tasks.ts, above every feature, so a feature can queue a task without importing the
// features that run it.
export const DELIVER_GATEWAY_WEBHOOK = 'deliverGatewayWebhook'
export const SEND_ORDER_CONFIRMATION = 'sendOrderConfirmation'
export const SEND_RESERVATION_EMAIL = 'sendReservationEmail'
export const SEND_SAVED_BIKE_ALERTS = 'sendSavedBikeAlerts'
export const BACKUP_SHOP = 'backupShop'
export const RUN_CATALOGUE_IMPORT = 'runCatalogueImport'
export const REFRESH_MONTHLY_FIGURES = 'refreshMonthlyFigures'
export const SEND_PASSWORD_RESET = 'sendPasswordReset'
export const REBUILD_FEEDS = 'rebuildFeeds'
export const ISSUE_INVOICE = 'issueInvoice'
export const ERASE_CUSTOMER_DATA = 'eraseCustomerData'
export const RUN_DATA_EXPORT = 'runDataExport'
export const SEND_REFUND = 'sendRefund'
export const SEND_RETURN_EMAIL = 'sendReturnEmail'
export const ISSUE_CREDIT_NOTE = 'issueCreditNote'
export const CREATE_EXCHANGE_ORDER = 'createExchangeOrder'
