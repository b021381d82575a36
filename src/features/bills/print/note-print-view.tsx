import { Anchor, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isGstStateCode } from '../../../../contract/gst.ts';
import { printWhenFontsReady, usePrintDocumentState } from '@/components/print-document-state';
import { LANGUAGE_NAMES, toLanguage } from '@/lib/i18n';
import { billNotes } from '@/lib/resources';
import { useFitToWidth } from '@/lib/use-fit-to-width';
import { BILL_COPIES, PAPER_SIZES, type PaperSize } from './bill-document-model';
import { usePrintChoices } from './print-choices';
import { NoteDocument } from './note-document';
import classes from '@/components/print-sheet.module.css';

const PAGE_MARGINS: Record<PaperSize, string> = { A4: '10mm', A5: '7mm' };
const PAPER_WIDTH_MM: Record<PaperSize, number> = { A4: 210, A5: 148 };

/** `/billing/notes/:noteId/print`: a credit or debit note as it prints, chosen like a bill's. */
export function NotePrintView({ noteId }: { noteId: string }) {
  const { t: uiT, i18n } = useTranslation(['bill-print', 'ui']);
  const interfaceLanguage = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { paper, language, languages, copy, choose } = usePrintChoices(interfaceLanguage);
  const { t, ready: textsReady } = useTranslation('bill-print', { lng: language });
  const { t: organizationT, ready: statesReady } = useTranslation('organization', {
    lng: language,
  });
  const query = useQuery({ ...billNotes.queries.detail(noteId), enabled: !!noteId });
  const body = usePrintDocumentState(
    query,
    textsReady && statesReady,
    'bill-print:errors.fetchOne',
  );
  const note = body ? null : (query.data ?? null);
  const { measure, zoom } = useFitToWidth(PAPER_WIDTH_MM[paper]);

  return (
    <Stack gap="md" className={classes.page} data-bill-print>
      <style>{`@page { size: ${paper}; margin: ${PAGE_MARGINS[paper]}; }`}</style>
      <Group className={classes.toolbar} justify="space-between" wrap="wrap" gap="sm">
        <Anchor
          component={Link}
          to={note ? `/billing/${encodeURIComponent(note.billId)}/print` : '/billing'}
          size="sm"
        >
          {note ? note.billNumber : uiT('toolbar.back')}
        </Anchor>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" id="note-paper-label">
              {uiT('toolbar.paper')}
            </Text>
            <SegmentedControl
              aria-labelledby="note-paper-label"
              data={PAPER_SIZES.map((size) => ({ value: size, label: size }))}
              value={paper}
              onChange={(value) => choose('paper', value)}
            />
          </Stack>
          <Select
            label={uiT('toolbar.language')}
            data={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            value={language}
            onChange={(value) => value && choose('lang', value)}
            allowDeselect={false}
            w={140}
          />
          <Select
            label={uiT('toolbar.copy')}
            data={BILL_COPIES.map((value) => ({ value, label: uiT(`copies.${value}`) }))}
            value={copy}
            onChange={(value) => value && choose('copy', value)}
            allowDeselect={false}
            w={240}
          />
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void printWhenFontsReady()}
            disabled={!note}
          >
            {uiT('toolbar.print')}
          </Button>
        </Group>
      </Group>
      {body}
      {note ? (
        <div
          className={classes.preview}
          ref={measure}
          style={{ '--sheet-zoom': zoom } as CSSProperties}
        >
          <NoteDocument
            note={note}
            language={language}
            paper={paper}
            copy={copy}
            t={t}
            stateName={(code) => (isGstStateCode(code) ? organizationT(`states.${code}`) : code)}
          />
        </div>
      ) : null}
    </Stack>
  );
}
