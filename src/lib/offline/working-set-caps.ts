/*
 * How much of the open work a device keeps for a day offline. The cache is saved to IndexedDB as
 * one JSON snapshot, written again after every change: an open order with its lines is about
 * 1.5 KB there, so 2,000 orders, 3,000 cards and 1,000 bills keep the snapshot near 6 MB and
 * its save to a few hundred milliseconds on a tablet. Beyond that the oldest work is kept
 * first; a workshop with more open orders than this works on the oldest ones first anyway.
 */
export const OPEN_ORDERS_KEPT = 2000;
export const OPEN_CARDS_KEPT = 3000;
export const OPEN_BILLS_KEPT = 1000;
