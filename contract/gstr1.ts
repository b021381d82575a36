import { z } from 'zod';
import { queryParam } from './common.ts';

/**
 * GSTR-1 (docs/gst-returns.md): the period query, and the summary the billing screen shows before
 * the return is downloaded. The return itself is the portal's format (`gstr1-schema.ts`).
 */

/** `MMYYYY`, as the portal writes a tax period. */
export const GST_PERIOD_PATTERN = /^(0[1-9]|1[0-2])(20\d\d|2100)$/;
/** `YYYY-Qn`, a calendar quarter: Q2 is April to June, the GST quarter Q1 of a financial year. */
export const GST_QUARTER_PATTERN = /^(20\d\d|2100)-Q[1-4]$/;

export const gstr1Query = z
  .strictObject({
    period: queryParam.optional(z.string().regex(GST_PERIOD_PATTERN, { error: 'gstPeriod' })),
    quarter: queryParam.optional(z.string().regex(GST_QUARTER_PATTERN, { error: 'gstQuarter' })),
  })
  .superRefine((query, context) => {
    if (query.period === undefined && query.quarter === undefined) {
      context.addIssue({ code: 'custom', message: 'required', path: ['period'] });
    } else if (query.period !== undefined && query.quarter !== undefined) {
      context.addIssue({ code: 'custom', message: 'gstPeriodOrQuarter', path: ['quarter'] });
    }
  });
export type Gstr1Params = z.output<typeof gstr1Query>;

export interface GstPeriodRange {
  /** `MMYYYY` of the period's last month: the return's `fp`. */
  fp: string;
  startDate: string;
  endDate: string;
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The dates a valid period or quarter covers. */
export function gstPeriodRange(query: Gstr1Params): GstPeriodRange {
  let year: number;
  let firstMonth: number;
  let lastMonth: number;
  if (query.quarter) {
    year = Number(query.quarter.slice(0, 4));
    lastMonth = Number(query.quarter.slice(6)) * 3;
    firstMonth = lastMonth - 2;
  } else {
    const period = query.period ?? '';
    year = Number(period.slice(2));
    firstMonth = Number(period.slice(0, 2));
    lastMonth = firstMonth;
  }
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    fp: `${pad(lastMonth)}${year}`,
    startDate: `${year}-${pad(firstMonth)}-01`,
    endDate: `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}`,
  };
}

/** The portal's GSTR-1 as the server builds it; `gstr1-schema.ts` is its full definition. */
export const gstr1Return = z.looseObject({ gstin: z.string(), fp: z.string() });
export type Gstr1Return = Record<string, unknown> & { gstin: string; fp: string };

export const GSTR1_SECTIONS = [
  'b2b',
  'b2cl',
  'b2cs',
  'nil',
  'cdnr',
  'cdnur',
  'hsn_b2b',
  'hsn_b2c',
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

const sums = {
  txval: z.number(),
  iamt: z.number(),
  camt: z.number(),
  samt: z.number(),
};

const gstr1SectionSummary = z.object({
  section: z.enum(GSTR1_SECTIONS),
  /** Documents (bills or notes) in the section; for an HSN table, its rows. */
  count: z.number().int(),
  ...sums,
});

const GSTR1_PROBLEMS = [
  'seller_gstin_invalid',
  'gstin_check_digit',
  'sac_missing',
  'cancelled_bill',
  'number_too_long',
] as const;

const gstr1Problem = z.object({
  code: z.enum(GSTR1_PROBLEMS),
  /** What to open to fix it. */
  entity: z.enum(['organization', 'merchant', 'bill']),
  entityId: z.string(),
  /** The bill's number, the merchant's name or the organization's name. */
  label: z.string(),
  /** The GSTIN that fails, for `gstin_check_digit` and `seller_gstin_invalid`. */
  gstin: z.string().nullable(),
});
export type Gstr1Problem = z.infer<typeof gstr1Problem>;

export const gstr1Summary = z.object({
  fp: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  sections: z.array(gstr1SectionSummary),
  /** The bills register for the same dates: live bills and their figures. */
  register: z.object({ count: z.number().int(), cancelled: z.number().int(), ...sums }),
  /** Documents issued in the period, cancelled ones included (the return's `doc_issue`). */
  documents: z.object({ issued: z.number().int(), cancelled: z.number().int() }),
  /** GSTR-3B 3.1(a) outward taxable supplies and 3.1(c) nil-rated and exempt, from this return. */
  gstr3b: z.object({
    outwardTaxable: z.object({ ...sums, csamt: z.number() }),
    nilExempt: z.object({ txval: z.number() }),
  }),
  problems: z.array(gstr1Problem),
});
export type Gstr1Summary = z.infer<typeof gstr1Summary>;
