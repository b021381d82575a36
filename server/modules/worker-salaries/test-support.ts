/** A salary payment body for tests: the worker's January 2025 salary of 100, paid in cash. */
export const januarySalary = (workerId: string) => ({
  workerId,
  paymentType: 'salary',
  paymentMethod: 'cash',
  month: 1,
  year: 2025,
  paymentDate: '2025-02-01',
  amount: 100,
});
