import { ProductPriceCell as ProductPriceCell_0c33be979e611b858aee74764dfcc3e4 } from '../../../cms/components/product-price-cell'
import { MoneyField as MoneyField_4daf64fc991f23e9ee1b090f3207faed } from '../../../cms/components/money-field'
import { PenceCell as PenceCell_c1451ad820a0e2928fe965f9c0c46f4c } from '../../../cms/components/pence-cell'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RegistrationLookup as RegistrationLookup_c770381a2d8c9c7ace1c472fa077d594 } from '../../../features/used-bikes/admin/registration-lookup'
import { JsonView as JsonView_31c95b9e9432bf239c32f92942c72a40 } from '../../../cms/components/json-view'
import { OverviewComponent as OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaTitleComponent as MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaDescriptionComponent as MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaImageComponent as MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { PreviewComponent as PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { CatalogueExportButton as CatalogueExportButton_fba87e296b7dbb24ab544a9d0a7e60de } from '../../../features/exports/admin/export-forms'
import { OrderPanel as OrderPanel_cbf54a9525896b9dd938195038080052 } from '../../../features/orders/components/order-panel'
import { OrdersExportForm as OrdersExportForm_fba87e296b7dbb24ab544a9d0a7e60de } from '../../../features/exports/admin/export-forms'
import { ReturnActions as ReturnActions_c54ccc6f9f8eed2685ff25ba83d20e74 } from '../../../features/returns/components/return-actions'
import { RefundDueCell as RefundDueCell_c54ccc6f9f8eed2685ff25ba83d20e74 } from '../../../features/returns/components/return-actions'
import { ReturnsExportForm as ReturnsExportForm_fba87e296b7dbb24ab544a9d0a7e60de } from '../../../features/exports/admin/export-forms'
import { DealPanel as DealPanel_4c34b8e9c292ec6982303ec4082d6275 } from '../../../features/deals/admin/deal-panel'
import { CouponAmountCell as CouponAmountCell_1293ab532d3358588d843cb9963733a5 } from '../../../cms/components/coupon-amount-cell'
import { DocumentPdfLink as DocumentPdfLink_8b24941604b2a50ea3a26e0ac2e65155 } from '../../../features/invoices/components/document-pdf-link'
import { InvoicesExportForm as InvoicesExportForm_fba87e296b7dbb24ab544a9d0a7e60de } from '../../../features/exports/admin/export-forms'
import { ImportProgress as ImportProgress_14977e7305f738b5719f62f6091515dc } from '../../../features/catalogue-import/admin/import-progress'
import { ImportUploadForm as ImportUploadForm_b49102b48cf3be7f447a2381d44b6c4d } from '../../../features/catalogue-import/admin/import-upload-form'
import { ExportProgress as ExportProgress_f271bff6137c3638c557596fc93b7e18 } from '../../../features/exports/admin/export-progress'
import { JobKindCell as JobKindCell_6c2afc22d5996f74717f1be1ebe51ad8 } from '../../../features/jobs/admin/job-cells'
import { JobStateCell as JobStateCell_6c2afc22d5996f74717f1be1ebe51ad8 } from '../../../features/jobs/admin/job-cells'
import { JobErrorCell as JobErrorCell_6c2afc22d5996f74717f1be1ebe51ad8 } from '../../../features/jobs/admin/job-cells'
import { JobTimesCell as JobTimesCell_6c2afc22d5996f74717f1be1ebe51ad8 } from '../../../features/jobs/admin/job-cells'
import { DealHubNavLink as DealHubNavLink_3277021e60e873f521c54713f1947542 } from '../../../features/deals/admin/deal-hub-nav-link'
import { WorkshopNavLink as WorkshopNavLink_8861bc6873f5d149562d0a25b97ff7d6 } from '../../../features/bookings/admin/workshop-nav-link'
import { EmailPreviewsNavLink as EmailPreviewsNavLink_6dcb9840e90528ffd42d76d1dece80b7 } from '../../../email-previews/email-previews-nav-link'
import { ShopDashboard as ShopDashboard_9383c29307354caad4be63f379a17663 } from '../../../features/dashboard/admin/shop-dashboard'
import { WorkshopDayView as WorkshopDayView_7906c83bcfef9ec9cc42877da7b40a73 } from '../../../features/bookings/admin/workshop-day-view'
import { DealHubView as DealHubView_18910fd56bc7e18e54dcc78d25b4e40f } from '../../../features/deals/admin/deal-hub-view'
import { EmailPreviewsView as EmailPreviewsView_709e90e39b6ad130ee1cd6bc4c7af030 } from '../../../email-previews/email-previews-view'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/cms/components/product-price-cell#ProductPriceCell": ProductPriceCell_0c33be979e611b858aee74764dfcc3e4,
  "/cms/components/money-field#MoneyField": MoneyField_4daf64fc991f23e9ee1b090f3207faed,
  "/cms/components/pence-cell#PenceCell": PenceCell_c1451ad820a0e2928fe965f9c0c46f4c,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/features/used-bikes/admin/registration-lookup#RegistrationLookup": RegistrationLookup_c770381a2d8c9c7ace1c472fa077d594,
  "/cms/components/json-view#JsonView": JsonView_31c95b9e9432bf239c32f92942c72a40,
  "@payloadcms/plugin-seo/client#OverviewComponent": OverviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaTitleComponent": MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaDescriptionComponent": MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaImageComponent": MetaImageComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#PreviewComponent": PreviewComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "/features/exports/admin/export-forms#CatalogueExportButton": CatalogueExportButton_fba87e296b7dbb24ab544a9d0a7e60de,
  "/features/orders/components/order-panel#OrderPanel": OrderPanel_cbf54a9525896b9dd938195038080052,
  "/features/exports/admin/export-forms#OrdersExportForm": OrdersExportForm_fba87e296b7dbb24ab544a9d0a7e60de,
  "/features/returns/components/return-actions#ReturnActions": ReturnActions_c54ccc6f9f8eed2685ff25ba83d20e74,
  "/features/returns/components/return-actions#RefundDueCell": RefundDueCell_c54ccc6f9f8eed2685ff25ba83d20e74,
  "/features/exports/admin/export-forms#ReturnsExportForm": ReturnsExportForm_fba87e296b7dbb24ab544a9d0a7e60de,
  "/features/deals/admin/deal-panel#DealPanel": DealPanel_4c34b8e9c292ec6982303ec4082d6275,
  "/cms/components/coupon-amount-cell#CouponAmountCell": CouponAmountCell_1293ab532d3358588d843cb9963733a5,
  "/features/invoices/components/document-pdf-link#DocumentPdfLink": DocumentPdfLink_8b24941604b2a50ea3a26e0ac2e65155,
  "/features/exports/admin/export-forms#InvoicesExportForm": InvoicesExportForm_fba87e296b7dbb24ab544a9d0a7e60de,
  "/features/catalogue-import/admin/import-progress#ImportProgress": ImportProgress_14977e7305f738b5719f62f6091515dc,
  "/features/catalogue-import/admin/import-upload-form#ImportUploadForm": ImportUploadForm_b49102b48cf3be7f447a2381d44b6c4d,
  "/features/exports/admin/export-progress#ExportProgress": ExportProgress_f271bff6137c3638c557596fc93b7e18,
  "/features/jobs/admin/job-cells#JobKindCell": JobKindCell_6c2afc22d5996f74717f1be1ebe51ad8,
  "/features/jobs/admin/job-cells#JobStateCell": JobStateCell_6c2afc22d5996f74717f1be1ebe51ad8,
  "/features/jobs/admin/job-cells#JobErrorCell": JobErrorCell_6c2afc22d5996f74717f1be1ebe51ad8,
  "/features/jobs/admin/job-cells#JobTimesCell": JobTimesCell_6c2afc22d5996f74717f1be1ebe51ad8,
  "/features/deals/admin/deal-hub-nav-link#DealHubNavLink": DealHubNavLink_3277021e60e873f521c54713f1947542,
  "/features/bookings/admin/workshop-nav-link#WorkshopNavLink": WorkshopNavLink_8861bc6873f5d149562d0a25b97ff7d6,
  "/email-previews/email-previews-nav-link#EmailPreviewsNavLink": EmailPreviewsNavLink_6dcb9840e90528ffd42d76d1dece80b7,
  "/features/dashboard/admin/shop-dashboard#ShopDashboard": ShopDashboard_9383c29307354caad4be63f379a17663,
  "/features/bookings/admin/workshop-day-view#WorkshopDayView": WorkshopDayView_7906c83bcfef9ec9cc42877da7b40a73,
  "/features/deals/admin/deal-hub-view#DealHubView": DealHubView_18910fd56bc7e18e54dcc78d25b4e40f,
  "/email-previews/email-previews-view#EmailPreviewsView": EmailPreviewsView_709e90e39b6ad130ee1cd6bc4c7af030,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
