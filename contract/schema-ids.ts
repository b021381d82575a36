// The names the OpenAPI document gives the contract's schemas (`components.schemas`), so that a
// generated client has named types instead of anonymous ones. Kept apart from the schemas: only
// the server imports this file, so none of it reaches the SPA's bundle.
import { z } from 'zod';
import * as apps from './apps.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import * as bankDetails from './bank-details.ts';
import * as billNotes from './bill-notes.ts';
import * as bills from './bills.ts';
import * as common from './common.ts';
import * as dataIo from './data-io.ts';
import * as designs from './designs.ts';
import * as dues from './dues.ts';
import * as expenses from './expenses.ts';
import * as jobCards from './job-cards.ts';
import * as merchants from './merchants.ts';
import * as notes from './notes.ts';
import * as orderAnalytics from './order-analytics.ts';
import * as orders from './orders.ts';
import * as organization from './organization.ts';
import * as payments from './payments.ts';
import * as productionEntries from './production-entries.ts';
import * as productionStages from './production-stages.ts';
import * as signIn from './sign-in.ts';
import * as users from './users.ts';
import * as workerSalaries from './worker-salaries.ts';
import * as workerWages from './worker-wages.ts';
import * as workers from './workers.ts';

/**
 * Component names by schema. A schema that is read in a request body appears as its name (the
 * document adds `Input` only when the same schema is also sent in a response).
 */
const SCHEMA_IDS: [z.core.$ZodType, string][] = [
  // Failures
  [common.errorEnvelope, 'ErrorEnvelope'],
  [common.fieldError, 'FieldError'],
  [common.deleted, 'Deleted'],
  // Sign-in, account and server
  [auth.registerBody, 'RegisterRequest'],
  [auth.confirmSignUpBody, 'ConfirmSignUpRequest'],
  [auth.signUpPending, 'SignUpPending'],
  [signIn.loginBody, 'LoginRequest'],
  [auth.authData, 'AuthData'],
  [auth.meData, 'Me'],
  [auth.sessionUser, 'SessionUser'],
  [auth.sessionOrganization, 'SessionOrganization'],
  [auth.updateMeBody, 'UpdateMeRequest'],
  [auth.changePasswordBody, 'ChangePasswordRequest'],
  [auth.sessionInfo, 'Session'],
  [auth.sessionList, 'SessionList'],
  [auth.forgotPasswordBody, 'ForgotPasswordRequest'],
  [auth.verifyCodeBody, 'VerifyCodeRequest'],
  [auth.verifyCodeData, 'ResetToken'],
  [auth.resetPasswordBody, 'ResetPasswordRequest'],
  [auth.authOptions, 'AuthOptions'],
  [auth.healthData, 'Health'],
  [apps.testMailData, 'TestMailResult'],
  // Organization, users and audit
  [organization.organizationProfile, 'Organization'],
  [organization.organizationUpdate, 'OrganizationUpdate'],
  [users.user, 'User'],
  [users.userCreate, 'UserCreate'],
  [users.userUpdate, 'UserUpdate'],
  [users.userResetPasswordBody, 'UserResetPasswordRequest'],
  [common.paged(users.user), 'UserPage'],
  [audit.auditEntry, 'AuditEntry'],
  [common.paged(audit.auditEntry), 'AuditEntryPage'],
  // Records of the workshop
  [merchants.merchant, 'Merchant'],
  [merchants.merchantCreate, 'MerchantCreate'],
  [merchants.merchantUpdate, 'MerchantUpdate'],
  [common.paged(merchants.merchant), 'MerchantPage'],
  [designs.design, 'Design'],
  [designs.designCreate, 'DesignCreate'],
  [designs.designUpdate, 'DesignUpdate'],
  [common.paged(designs.design), 'DesignPage'],
  [workers.worker, 'Worker'],
  [workers.workerCreate, 'WorkerCreate'],
  [workers.workerUpdate, 'WorkerUpdate'],
  [common.paged(workers.worker), 'WorkerPage'],
  [orders.order, 'Order'],
  [orders.orderLine, 'OrderLine'],
  [orders.orderCreate, 'OrderCreate'],
  [orders.orderUpdate, 'OrderUpdate'],
  [orders.orderStatusUpdate, 'OrderStatusUpdate'],
  [common.paged(orders.order), 'OrderPage'],
  [orderAnalytics.orderAnalytics, 'OrderAnalytics'],
  [expenses.expense, 'Expense'],
  [expenses.expenseCreate, 'ExpenseCreate'],
  [expenses.expenseUpdate, 'ExpenseUpdate'],
  [common.paged(expenses.expense), 'ExpensePage'],
  [expenses.expenseSummary, 'ExpenseSummary'],
  [workerSalaries.workerSalary, 'WorkerSalary'],
  [workerSalaries.workerSalaryCreate, 'WorkerSalaryCreate'],
  [workerSalaries.workerSalaryUpdate, 'WorkerSalaryUpdate'],
  [common.paged(workerSalaries.workerSalary), 'WorkerSalaryPage'],
  [workerSalaries.workerSalarySummary, 'WorkerSalarySummary'],
  [bankDetails.bankDetail, 'BankDetail'],
  [bankDetails.bankDetailCreate, 'BankDetailCreate'],
  [bankDetails.bankDetailUpdate, 'BankDetailUpdate'],
  [bankDetails.bankDetailSetActive, 'BankDetailSetActive'],
  [bankDetails.bankDetailPage, 'BankDetailPage'],
  [bills.bill, 'Bill'],
  [bills.billLine, 'BillLine'],
  [bills.billCreate, 'BillCreate'],
  [bills.billUpdate, 'BillUpdate'],
  [bills.billCancel, 'BillCancel'],
  [common.paged(bills.bill), 'BillPage'],
  [billNotes.billNote, 'BillNote'],
  [billNotes.billNoteCreate, 'BillNoteCreate'],
  [billNotes.billNoteCancel, 'BillNoteCancel'],
  [common.paged(billNotes.billNote), 'BillNotePage'],
  [payments.payment, 'Payment'],
  [payments.paymentAllocation, 'PaymentAllocation'],
  [payments.paymentCreate, 'PaymentCreate'],
  [payments.paymentUpdate, 'PaymentUpdate'],
  [common.paged(payments.payment), 'PaymentPage'],
  [payments.paymentTotals, 'PaymentTotals'],
  [payments.openBill, 'OpenBill'],
  [dues.duesRow, 'DuesRow'],
  [dues.duesReport, 'DuesReport'],
  [dues.statementEntry, 'StatementEntry'],
  [dues.statement, 'Statement'],
  [notes.note, 'Note'],
  [notes.noteCreate, 'NoteCreate'],
  [notes.noteRead, 'NoteRead'],
  [notes.noteReadState, 'NoteReadState'],
  [notes.noteThread, 'NoteThread'],
  [notes.inboxThread, 'InboxThread'],
  [notes.inbox, 'Inbox'],
  [notes.notePerson, 'NotePerson'],
  // Production
  [productionStages.productionStage, 'ProductionStage'],
  [productionStages.productionStageList, 'ProductionStageList'],
  [productionStages.productionStagesUpdate, 'ProductionStagesUpdate'],
  [jobCards.jobCard, 'JobCard'],
  [jobCards.jobCardUpdate, 'JobCardUpdate'],
  [jobCards.jobCardMove, 'JobCardMove'],
  [jobCards.jobCardsFromOrder, 'JobCardsFromOrder'],
  [common.paged(jobCards.jobCard), 'JobCardPage'],
  [productionEntries.productionEntry, 'ProductionEntry'],
  [productionEntries.productionEntryCreate, 'ProductionEntryCreate'],
  [productionEntries.productionEntryUpdate, 'ProductionEntryUpdate'],
  [productionEntries.productionEntryBatch, 'ProductionEntryBatch'],
  [productionEntries.productionEntryBatchResult, 'ProductionEntryBatchResult'],
  [common.paged(productionEntries.productionEntry), 'ProductionEntryPage'],
  [workerWages.workerWages, 'WorkerWages'],
  // Spreadsheets and backups
  [dataIo.importRequest, 'ImportRequest'],
  [dataIo.importRowError, 'ImportRowError'],
  [dataIo.importResult, 'ImportResult'],
  [dataIo.backupFile, 'Backup'],
  [dataIo.restoreResult, 'RestoreResult'],
];

/**
 * Gives the contract's schemas their component names in zod's global registry, which the OpenAPI
 * transform reads. Registering again (another app in the same process) replaces the names.
 */
export function registerSchemaIds() {
  for (const [schema, id] of SCHEMA_IDS) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
