/**
 * JSON Schema (draft 2020-12) of the GSTR-1 file that the GST portal's offline tool imports, as
 * the GSTN publishes it for returns from the May 2025 tax period on (HSN summary split into B2B
 * and B2C, Table 12 Phase-III). Written from the portal's format, not from what the server
 * makes, so a test that passes every generated return through it catches our own slips.
 * docs/gst-returns.md says which choices the project makes inside this format.
 */

const GSTIN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';
/** Two-digit state code, 01-38 or 97 (other territory). */
const STATE_CODE = '^(0[1-9]|[12][0-9]|3[0-8]|97)$';
const PORTAL_DATE = '^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-20[0-9]{2}$';
/** GST rates the portal accepts for goods and services, in percent. */
const RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];

/** Rupees with at most two decimals, never negative. */
const amount = { type: 'number', minimum: 0, multipleOf: 0.01 } as const;
/** Tables reported net of credit notes (B2CS, nil-rated, HSN) may go below zero. */
const netAmount = { type: 'number', multipleOf: 0.01 } as const;
const rate = { enum: RATES } as const;
const invoiceNumber = { type: 'string', pattern: '^[A-Za-z0-9/-]{1,16}$' } as const;

const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const itemList = (detail: Record<string, unknown>, required: string[]) => ({
  type: 'array',
  minItems: 1,
  items: closed({ num: { type: 'integer', minimum: 1 }, itm_det: closed(detail, required) }, [
    'num',
    'itm_det',
  ]),
});

/** An item of a B2B invoice or a note: CGST and SGST within a state, IGST across states. */
const fullItems = itemList(
  { txval: amount, rt: rate, iamt: amount, camt: amount, samt: amount, csamt: amount },
  ['txval', 'rt'],
);

const b2bInvoice = closed(
  {
    inum: invoiceNumber,
    idt: { type: 'string', pattern: PORTAL_DATE },
    val: amount,
    pos: { type: 'string', pattern: STATE_CODE },
    rchrg: { enum: ['Y', 'N'] },
    inv_typ: { enum: ['R', 'SEWP', 'SEWOP', 'DE', 'CBW'] },
    itms: fullItems,
  },
  ['inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'itms'],
);

const b2clInvoice = closed(
  {
    inum: invoiceNumber,
    idt: { type: 'string', pattern: PORTAL_DATE },
    val: amount,
    itms: itemList({ txval: amount, rt: rate, iamt: amount, csamt: amount }, ['txval', 'rt']),
  },
  ['inum', 'idt', 'val', 'itms'],
);

const note = {
  ntty: { enum: ['C', 'D'] },
  nt_num: invoiceNumber,
  nt_dt: { type: 'string', pattern: PORTAL_DATE },
  val: amount,
  pos: { type: 'string', pattern: STATE_CODE },
  itms: fullItems,
};

/** The rate and the tax figures of the tables reported net of credit notes (B2CS, HSN). */
const netTaxFigures = {
  rt: rate,
  txval: netAmount,
  iamt: netAmount,
  camt: netAmount,
  samt: netAmount,
  csamt: netAmount,
};

const hsnRow = closed(
  {
    num: { type: 'integer', minimum: 1 },
    hsn_sc: { type: 'string', pattern: '^[0-9]{4,8}$' },
    desc: { type: 'string', maxLength: 30 },
    user_desc: { type: 'string', maxLength: 30 },
    uqc: { type: 'string', pattern: '^[A-Z]{2,3}$' },
    qty: { type: 'number', minimum: 0 },
    ...netTaxFigures,
  },
  ['num', 'hsn_sc', 'uqc', 'qty', 'rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'],
);

const nonEmpty = (items: unknown) => ({ type: 'array', minItems: 1, items });

export const gstr1JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://karkhana.example/schemas/gstr1-offline-tool.json',
  title: 'GSTR-1 for the GST portal offline tool',
  ...closed(
    {
      gstin: { type: 'string', pattern: GSTIN },
      fp: { type: 'string', pattern: '^(0[1-9]|1[0-2])20[0-9]{2}$' },
      b2b: nonEmpty(
        closed({ ctin: { type: 'string', pattern: GSTIN }, inv: nonEmpty(b2bInvoice) }, [
          'ctin',
          'inv',
        ]),
      ),
      b2cl: nonEmpty(
        closed({ pos: { type: 'string', pattern: STATE_CODE }, inv: nonEmpty(b2clInvoice) }, [
          'pos',
          'inv',
        ]),
      ),
      b2cs: nonEmpty(
        closed(
          {
            sply_ty: { enum: ['INTRA', 'INTER'] },
            pos: { type: 'string', pattern: STATE_CODE },
            typ: { enum: ['OE', 'E'] },
            etin: { type: 'string', pattern: GSTIN },
            ...netTaxFigures,
          },
          ['sply_ty', 'pos', 'typ', 'rt', 'txval'],
        ),
      ),
      nil: closed(
        {
          inv: nonEmpty(
            closed(
              {
                sply_ty: { enum: ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'] },
                expt_amt: netAmount,
                nil_amt: netAmount,
                ngsup_amt: netAmount,
              },
              ['sply_ty', 'expt_amt', 'nil_amt', 'ngsup_amt'],
            ),
          ),
        },
        ['inv'],
      ),
      cdnr: nonEmpty(
        closed(
          {
            ctin: { type: 'string', pattern: GSTIN },
            nt: nonEmpty(
              closed(
                {
                  ...note,
                  rchrg: { enum: ['Y', 'N'] },
                  inv_typ: { enum: ['R', 'SEWP', 'SEWOP', 'DE', 'CBW'] },
                },
                ['ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'rchrg', 'inv_typ', 'itms'],
              ),
            ),
          },
          ['ctin', 'nt'],
        ),
      ),
      cdnur: nonEmpty(
        closed({ ...note, typ: { enum: ['B2CL', 'EXPWP', 'EXPWOP'] } }, [
          'typ',
          'ntty',
          'nt_num',
          'nt_dt',
          'val',
          'pos',
          'itms',
        ]),
      ),
      hsn: closed(
        { hsn_b2b: { type: 'array', items: hsnRow }, hsn_b2c: { type: 'array', items: hsnRow } },
        [],
      ),
      doc_issue: closed(
        {
          doc_det: nonEmpty(
            closed(
              {
                doc_num: { type: 'integer', minimum: 1, maximum: 12 },
                doc_typ: { type: 'string' },
                docs: nonEmpty(
                  closed(
                    {
                      num: { type: 'integer', minimum: 1 },
                      from: invoiceNumber,
                      to: invoiceNumber,
                      totnum: { type: 'integer', minimum: 0 },
                      cancel: { type: 'integer', minimum: 0 },
                      net_issue: { type: 'integer', minimum: 0 },
                    },
                    ['num', 'from', 'to', 'totnum', 'cancel', 'net_issue'],
                  ),
                ),
              },
              ['doc_num', 'docs'],
            ),
          ),
        },
        ['doc_det'],
      ),
    },
    ['gstin', 'fp'],
  ),
} as const;
