// The names the OpenAPI document gives the contract's schemas (`components.schemas`), so that a
// generated client has named types instead of anonymous ones. Kept apart from the schemas: only
// the server imports this file, so none of it reaches the SPA's bundle.
import { z } from 'zod';
import { testMailData } from './apps.ts';
import { auditEntry } from './audit.ts';
import {
  authData,
  authOptions,
  changePasswordBody,
  confirmSignUpBody,
  forgotPasswordBody,
  healthData,
  meData,
  registerBody,
  resetPasswordBody,
  sessionInfo,
  sessionList,
  sessionOrganization,
  sessionUser,
  signUpPending,
  updateMeBody,
  verifyCodeBody,
  verifyCodeData,
} from './auth.ts';
import {
  bankDetail,
  bankDetailCreate,
  bankDetailPage,
  bankDetailSetActive,
  bankDetailUpdate,
} from './bank-details.ts';
import { billNote, billNoteCancel, billNoteCreate } from './bill-notes.ts';
import { bill, billCancel, billCreate, billLine, billUpdate } from './bills.ts';
import { deleted, errorEnvelope, fieldError, paged } from './common.ts';
import {
  backupFile,
  importRequest,
  importResult,
  importRowError,
  restoreResult,
} from './data-io.ts';
import { design, designCreate, designUpdate } from './designs.ts';
import { duesReport, duesRow, statement, statementEntry } from './dues.ts';
import { expense, expenseCreate, expenseSummary, expenseUpdate } from './expenses.ts';
import { merchant, merchantCreate, merchantUpdate } from './merchants.ts';
import {
  inbox,
  inboxThread,
  note,
  noteCreate,
  notePerson,
  noteRead,
  noteReadState,
  noteThread,
} from './notes.ts';
import { orderAnalytics } from './order-analytics.ts';
import { order, orderCreate, orderLine, orderStatusUpdate, orderUpdate } from './orders.ts';
import { organizationProfile, organizationUpdate } from './organization.ts';
import {
  openBill,
  payment,
  paymentAllocation,
  paymentCreate,
  paymentTotals,
  paymentUpdate,
} from './payments.ts';
import {
  productionStage,
  productionStageList,
  productionStagesUpdate,
} from './production-stages.ts';
import { jobCard, jobCardMove, jobCardsFromOrder, jobCardUpdate } from './job-cards.ts';
import {
  productionEntry,
  productionEntryBatch,
  productionEntryBatchResult,
  productionEntryCreate,
  productionEntryUpdate,
} from './production-entries.ts';
import { workerWages } from './worker-wages.ts';
import { loginBody } from './sign-in.ts';
import { user, userCreate, userResetPasswordBody, userUpdate } from './users.ts';
import {
  workerSalary,
  workerSalaryCreate,
  workerSalarySummary,
  workerSalaryUpdate,
} from './worker-salaries.ts';
import { worker, workerCreate, workerUpdate } from './workers.ts';

/**
 * Component names by schema. A schema that is read in a request body appears as its name (the
 * document adds `Input` only when the same schema is also sent in a response).
 */
const SCHEMA_IDS: [z.core.$ZodType, string][] = [
  // Failures
  [errorEnvelope, 'ErrorEnvelope'],
  [fieldError, 'FieldError'],
  [deleted, 'Deleted'],
  // Sign-in, account and server
  [registerBody, 'RegisterRequest'],
  [confirmSignUpBody, 'ConfirmSignUpRequest'],
  [signUpPending, 'SignUpPending'],
  [loginBody, 'LoginRequest'],
  [authData, 'AuthData'],
  [meData, 'Me'],
  [sessionUser, 'SessionUser'],
  [sessionOrganization, 'SessionOrganization'],
  [updateMeBody, 'UpdateMeRequest'],
  [changePasswordBody, 'ChangePasswordRequest'],
  [sessionInfo, 'Session'],
  [sessionList, 'SessionList'],
  [forgotPasswordBody, 'ForgotPasswordRequest'],
  [verifyCodeBody, 'VerifyCodeRequest'],
  [verifyCodeData, 'ResetToken'],
  [resetPasswordBody, 'ResetPasswordRequest'],
  [authOptions, 'AuthOptions'],
  [healthData, 'Health'],
  [testMailData, 'TestMailResult'],
  // Organization, users and audit
  [organizationProfile, 'Organization'],
  [organizationUpdate, 'OrganizationUpdate'],
  [user, 'User'],
  [userCreate, 'UserCreate'],
  [userUpdate, 'UserUpdate'],
  [userResetPasswordBody, 'UserResetPasswordRequest'],
  [paged(user), 'UserPage'],
  [auditEntry, 'AuditEntry'],
  [paged(auditEntry), 'AuditEntryPage'],
  // Records of the workshop
  [merchant, 'Merchant'],
  [merchantCreate, 'MerchantCreate'],
  [merchantUpdate, 'MerchantUpdate'],
  [paged(merchant), 'MerchantPage'],
  [design, 'Design'],
  [designCreate, 'DesignCreate'],
  [designUpdate, 'DesignUpdate'],
  [paged(design), 'DesignPage'],
  [worker, 'Worker'],
  [workerCreate, 'WorkerCreate'],
  [workerUpdate, 'WorkerUpdate'],
  [paged(worker), 'WorkerPage'],
  [order, 'Order'],
  [orderLine, 'OrderLine'],
  [orderCreate, 'OrderCreate'],
  [orderUpdate, 'OrderUpdate'],
  [orderStatusUpdate, 'OrderStatusUpdate'],
  [paged(order), 'OrderPage'],
  [orderAnalytics, 'OrderAnalytics'],
  [expense, 'Expense'],
  [expenseCreate, 'ExpenseCreate'],
  [expenseUpdate, 'ExpenseUpdate'],
  [paged(expense), 'ExpensePage'],
  [expenseSummary, 'ExpenseSummary'],
  [workerSalary, 'WorkerSalary'],
  [workerSalaryCreate, 'WorkerSalaryCreate'],
  [workerSalaryUpdate, 'WorkerSalaryUpdate'],
  [paged(workerSalary), 'WorkerSalaryPage'],
  [workerSalarySummary, 'WorkerSalarySummary'],
  [bankDetail, 'BankDetail'],
  [bankDetailCreate, 'BankDetailCreate'],
  [bankDetailUpdate, 'BankDetailUpdate'],
  [bankDetailSetActive, 'BankDetailSetActive'],
  [bankDetailPage, 'BankDetailPage'],
  [bill, 'Bill'],
  [billLine, 'BillLine'],
  [billCreate, 'BillCreate'],
  [billUpdate, 'BillUpdate'],
  [billCancel, 'BillCancel'],
  [paged(bill), 'BillPage'],
  [billNote, 'BillNote'],
  [billNoteCreate, 'BillNoteCreate'],
  [billNoteCancel, 'BillNoteCancel'],
  [paged(billNote), 'BillNotePage'],
  [payment, 'Payment'],
  [paymentAllocation, 'PaymentAllocation'],
  [paymentCreate, 'PaymentCreate'],
  [paymentUpdate, 'PaymentUpdate'],
  [paged(payment), 'PaymentPage'],
  [paymentTotals, 'PaymentTotals'],
  [openBill, 'OpenBill'],
  [duesRow, 'DuesRow'],
  [duesReport, 'DuesReport'],
  [statementEntry, 'StatementEntry'],
  [statement, 'Statement'],
  [note, 'Note'],
  [noteCreate, 'NoteCreate'],
  [noteRead, 'NoteRead'],
  [noteReadState, 'NoteReadState'],
  [noteThread, 'NoteThread'],
  [inboxThread, 'InboxThread'],
  [inbox, 'Inbox'],
  [notePerson, 'NotePerson'],
  // Production
  [productionStage, 'ProductionStage'],
  [productionStageList, 'ProductionStageList'],
  [productionStagesUpdate, 'ProductionStagesUpdate'],
  [jobCard, 'JobCard'],
  [jobCardUpdate, 'JobCardUpdate'],
  [jobCardMove, 'JobCardMove'],
  [jobCardsFromOrder, 'JobCardsFromOrder'],
  [paged(jobCard), 'JobCardPage'],
  [productionEntry, 'ProductionEntry'],
  [productionEntryCreate, 'ProductionEntryCreate'],
  [productionEntryUpdate, 'ProductionEntryUpdate'],
  [productionEntryBatch, 'ProductionEntryBatch'],
  [productionEntryBatchResult, 'ProductionEntryBatchResult'],
  [paged(productionEntry), 'ProductionEntryPage'],
  [workerWages, 'WorkerWages'],
  // Spreadsheets and backups
  [importRequest, 'ImportRequest'],
  [importRowError, 'ImportRowError'],
  [importResult, 'ImportResult'],
  [backupFile, 'Backup'],
  [restoreResult, 'RestoreResult'],
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
