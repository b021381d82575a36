/** wa.me wants the number with its country code and no `+`; a bare Indian mobile gets 91. */
export function whatsappNumber(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits;
}

/** Without a number wa.me lets the sender pick the chat. */
export function whatsappLink(phone: string | null, message: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`;
}
