/**
 * Indian tax identifiers the organization profile, merchants and bills use. The GSTIN check digit
 * follows the GSTN's published mod-36 scheme, so a mistyped character is caught before it is
 * printed on a bill.
 */

/** GST state and union-territory codes (the first two digits of a GSTIN). */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;
export type GstStateCode = keyof typeof GST_STATES;
export const GST_STATE_CODES = Object.keys(GST_STATES) as [GstStateCode, ...GstStateCode[]];

export const isGstStateCode = (value: string): value is GstStateCode =>
  Object.hasOwn(GST_STATES, value);

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const UDYAM_PATTERN = /^UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}$/;
export const UPI_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const SAC_PATTERN = /^[0-9]{4,8}$/;
export const BILL_PREFIX_PATTERN = /^[A-Za-z0-9]{1,6}$/;

/** GST rates a bill may carry, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character a GSTIN must have for its first 14. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(index));
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export function hasValidGstinCheckDigit(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}

/** The state code a GSTIN belongs to, when it is one we know. */
export function stateOfGstin(gstin: string | null | undefined): GstStateCode | null {
  const code = gstin?.slice(0, 2);
  return code && isGstStateCode(code) ? code : null;
}

/** A GSTIN's first two digits must be the state it is registered in. */
export function gstinMatchesState(
  gstin: string | null | undefined,
  state: string | null | undefined,
): boolean {
  return !gstin || !state || gstin.slice(0, 2) === state;
}
