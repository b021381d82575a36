/** All but the last four digits hidden, e.g. `•••• 5678`, so a glance over the list leaks nothing. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
