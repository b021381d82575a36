import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconClipboardPlus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCan } from '@/lib/permissions';

export const BOARD_PATH = '/tasks';
const CARD_LIST_PATH = '/tasks/list';
const SHIFT_PATH = '/tasks/shift';

/**
 * Board or list, shift entry and "Make job cards": the header of both views. The list page has
 * its own add button, so it leaves `onMakeCards` out.
 */
export function ProductionViews({ onMakeCards }: { onMakeCards?: () => void }) {
  const { t } = useTranslation('production');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const canWrite = useCan('production.write');
  const view = pathname.startsWith(CARD_LIST_PATH) ? 'list' : 'board';
  return (
    <Group gap="sm">
      <SegmentedControl
        aria-label={t('views.label')}
        value={view}
        onChange={(value) =>
          // The filters they share travel along.
          void navigate(`${value === 'list' ? CARD_LIST_PATH : BOARD_PATH}${search}`)
        }
        data={[
          { value: 'board', label: t('views.board') },
          { value: 'list', label: t('views.list') },
        ]}
      />
      {canWrite ? (
        <>
          <Button
            component={Link}
            to={SHIFT_PATH}
            variant="light"
            leftSection={<IconClipboardPlus size={18} aria-hidden />}
          >
            {t('shift.open')}
          </Button>
          {onMakeCards ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onMakeCards}>
              {t('add')}
            </Button>
          ) : null}
        </>
      ) : null}
    </Group>
  );
}
