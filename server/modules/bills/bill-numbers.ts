/** April to March: `2026-27` for any date from 1 April 2026 to 31 March 2027. */
export function financialYearOf(billDate: string): string {
  const year = Number(billDate.slice(0, 4));
  const month = Number(billDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const formatBillNumber = (prefix: string, financialYear: string, sequence: number) =>
  `${prefix}/${financialYear}/${String(sequence).padStart(4, '0')}`;
