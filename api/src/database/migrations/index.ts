import type { MigrationInterface } from 'typeorm';
import { InitialSchema1795318642767 } from './1795318642767-initial-schema.js';
import { SearchTypoTolerance1795320624888 } from './1795320624888-search-typo-tolerance.js';
import { MenuDeliveryTimeSlots1795320877578 } from './1795320877578-menu-delivery-time-slots.js';
import { SearchCells1795323585785 } from './1795323585785-search-cells.js';
import { SearchCellsNoPendingList1795324041496 } from './1795324041496-search-cells-no-pending-list.js';
import { SearchCellWords1795331000000 } from './1795331000000-search-cell-words.js';
import { ItemMenuIds1795345000000 } from './1795345000000-item-menu-ids.js';
import { OrderDateAmounts1795360000000 } from './1795360000000-order-date-amounts.js';
import { PublicReviewerNames1795370016000 } from './1795370016000-public-reviewer-names.js';
import { LoginSessionDevice1795391000000 } from './1795391000000-login-session-device.js';
import { AuditLogAndSealedAccounts1795392000000 } from './1795392000000-audit-log-and-sealed-accounts.js';
import { EmailHeld1795393000000 } from './1795393000000-email-held.js';
import { Payments1795400000000 } from './1795400000000-payments.js';
import { Messaging1795500000000 } from './1795500000000-messaging.js';
import { BulkSending1795510000000 } from './1795510000000-bulk-sending.js';
import { OutboxHeaders1795540000000 } from './1795540000000-outbox-headers.js';
import { BoardReadModel1795600000000 } from './1795600000000-board-read-model.js';
import { OrderSearch1795610000000 } from './1795610000000-order-search.js';
import { MenuReceipts1795620000000 } from './1795620000000-menu-receipts.js';
import { SupportInbox1795700000000 } from './1795700000000-support-inbox.js';
import { JobApplicationInterview1795710000000 } from './1795710000000-job-application-interview.js';
import { PictureModeration1795720000000 } from './1795720000000-picture-moderation.js';
import { MigrationAppliedAt1795730000000 } from './1795730000000-migration-applied-at.js';
import { FeedbackAndClientLogs1795740000000 } from './1795740000000-feedback-and-client-logs.js';
import { PrivateMenus1795760000000 } from './1795760000000-private-menus.js';
import { OneStatementCheckout1795770000000 } from './1795770000000-one-statement-checkout.js';
import { CatalogueChangeNotices1795780000000 } from './1795780000000-catalogue-change-notices.js';

/** Every migration, oldest first, as classes (globs break under vitest). Never edit a merged one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  InitialSchema1795318642767,
  SearchTypoTolerance1795320624888,
  MenuDeliveryTimeSlots1795320877578,
  SearchCells1795323585785,
  SearchCellsNoPendingList1795324041496,
  SearchCellWords1795331000000,
  ItemMenuIds1795345000000,
  OrderDateAmounts1795360000000,
  PublicReviewerNames1795370016000,
  LoginSessionDevice1795391000000,
  AuditLogAndSealedAccounts1795392000000,
  EmailHeld1795393000000,
  Payments1795400000000,
  Messaging1795500000000,
  BulkSending1795510000000,
  OutboxHeaders1795540000000,
  BoardReadModel1795600000000,
  OrderSearch1795610000000,
  MenuReceipts1795620000000,
  SupportInbox1795700000000,
  JobApplicationInterview1795710000000,
  PictureModeration1795720000000,
  MigrationAppliedAt1795730000000,
  FeedbackAndClientLogs1795740000000,
  PrivateMenus1795760000000,
  OneStatementCheckout1795770000000,
  CatalogueChangeNotices1795780000000,
];
