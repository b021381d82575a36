import { useSearchParams } from 'react-router';
import {
  BILL_COPIES,
  type BillCopy,
  type DocumentLanguage,
  type PaperSize,
} from './bill-document-model';

/**
 * The toolbar's choices live in the address (`?paper=A5&lang=en&copy=duplicate`), so a reload or
 * a shared link prints the same document.
 */
export function usePrintChoices(interfaceLanguage: DocumentLanguage) {
  const [params, setParams] = useSearchParams();
  const paperParam = params.get('paper');
  const paper: PaperSize = paperParam === 'A5' ? 'A5' : 'A4';
  // The bill prints in the reader's language or in English, the language of GST paperwork.
  const languages: DocumentLanguage[] =
    interfaceLanguage === 'en' ? ['en'] : [interfaceLanguage, 'en'];
  const languageParam = params.get('lang');
  const language = languages.find((candidate) => candidate === languageParam) ?? interfaceLanguage;
  const copyParam = params.get('copy');
  const copy: BillCopy = BILL_COPIES.find((candidate) => candidate === copyParam) ?? 'original';
  const choose = (name: 'paper' | 'lang' | 'copy', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { paper, language, languages, copy, choose };
}
