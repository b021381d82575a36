import { Group, SegmentedControl, Select, Stack, Text, Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isGstStateCode } from '../../../../contract/gst.ts';
import { printWhenFontsReady } from '@/components/print-when-fonts-ready';
import { LANGUAGE_NAMES, toLanguage } from '@/lib/i18n';
import { useFitToWidth } from '@/lib/use-fit-to-width';
import { BILL_COPIES, PAPER_SIZES, type PaperSize } from './bill-document-model';
import { usePrintChoices } from './print-choices';
import classes from '@/components/print-sheet.module.css';

const PAGE_MARGINS: Record<PaperSize, string> = { A4: '10mm', A5: '7mm' };
const PAPER_WIDTH_MM: Record<PaperSize, number> = { A4: 210, A5: 148 };

/**
 * The toolbar's choices, and the document's texts and state names in the chosen language (which
 * may differ from the interface's). `ready` once both namespaces have loaded in that language.
 */
export function usePrintTexts() {
  const { t: uiT, i18n } = useTranslation(['bill-print', 'ui']);
  const interfaceLanguage = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const choices = usePrintChoices(interfaceLanguage);
  const { t, ready: textsReady } = useTranslation('bill-print', { lng: choices.language });
  const { t: organizationT, ready: statesReady } = useTranslation('organization', {
    lng: choices.language,
  });
  const stateName = (code: string) =>
    isGstStateCode(code) ? organizationT(`states.${code}`) : code;
  return { ...choices, uiT, t, stateName, ready: textsReady && statesReady };
}

type PrintTexts = ReturnType<typeof usePrintTexts>;

/**
 * The page around a printed document: the paper's `@page` rule, the toolbar (a way back, paper,
 * language, copy, print, then `actions`), and under it `children`.
 */
export function PrintFrame(props: {
  texts: PrintTexts;
  back: ReactNode;
  canPrint: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { texts, back, canPrint, actions, children } = props;
  const { paper, language, languages, copy, choose, uiT } = texts;
  const paperLabelId = useId();
  return (
    <Stack gap="md" className={classes.page} data-bill-print>
      <style>{`@page { size: ${paper}; margin: ${PAGE_MARGINS[paper]}; }`}</style>
      <Group className={classes.toolbar} justify="space-between" wrap="wrap" gap="sm">
        {back}
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" id={paperLabelId}>
              {uiT('toolbar.paper')}
            </Text>
            <SegmentedControl
              aria-labelledby={paperLabelId}
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
            disabled={!canPrint}
          >
            {uiT('toolbar.print')}
          </Button>
          {actions}
        </Group>
      </Group>
      {children}
    </Stack>
  );
}

/** The document at the screen's width: the sheet keeps its paper size and is zoomed to fit. */
export function PrintPreview({ paper, children }: { paper: PaperSize; children: ReactNode }) {
  const { measure, zoom } = useFitToWidth(PAPER_WIDTH_MM[paper]);
  return (
    <div
      className={classes.preview}
      ref={measure}
      style={{ '--sheet-zoom': zoom } as CSSProperties}
    >
      {children}
    </div>
  );
}
