import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAGE_NAME_MAX,
  STAGES_MAX,
  STAGES_MIN,
  productionStagesUpdate,
  type ProductionStage,
} from '../../../../contract/production-stages.ts';
import { describeIssue, validationErrorMap } from '../../../../contract/validation.ts';
import { useQueryFallback } from '@/components/query-state';
import { ApiError } from '@/lib/api-client';
import { errorText, fieldErrorText, type FieldErrorLike } from '@/lib/error-text';
import { useCan } from '@/lib/permissions';
import { productionStages } from '@/features/tasks/resource';

interface EditedStage {
  /** Stable while the list is edited, also for stages not saved yet. */
  key: string;
  _id?: string;
  version?: number;
  name: string;
  cardCount: number;
}

const fromStored = (stages: readonly ProductionStage[]): EditedStage[] =>
  stages.map((stage) => ({
    key: stage._id,
    _id: stage._id,
    version: stage.version,
    name: stage.name,
    cardCount: stage.cardCount,
  }));

/** The body of `PUT /production/stages` for the edited list. */
function stagesBody(stages: readonly EditedStage[]) {
  return {
    stages: stages.map(({ _id, version, name }) => ({
      ...(_id ? { _id } : {}),
      ...(version !== undefined ? { version } : {}),
      name,
    })),
  };
}

/** `/settings/production`: the ordered stages, renamed, added, removed and reordered. */
export default function ProductionStagesPage() {
  const { t } = useTranslation(['production', 'ui']);
  const canEdit = useCan('organization.write');
  const stages = useQuery(productionStages.queries.list());
  const replace = productionStages.useReplace();
  const queryClient = useQueryClient();
  // Null until the user changes something: until then the list follows what is stored.
  const [changes, setChanges] = useState<EditedStage[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const newKey = useId();
  const [added, setAdded] = useState(0);

  const edited = changes ?? (stages.data ? fromStored(stages.data) : null);

  const fallback = useQueryFallback(stages, {
    failureKey: 'production:errors.fetchStages',
    loadingLabel: t('stages.title'),
  });
  if (fallback || edited === null) return fallback;

  const change = (next: EditedStage[] | null) => {
    setChanges(next);
    setErrors({});
    setFailure(null);
  };
  const swap = (index: number, other: number) => {
    const next = [...edited];
    const [a, b] = [next[index], next[other]];
    if (!a || !b) return;
    next[index] = b;
    next[other] = a;
    change(next);
  };

  const save = () => {
    const body = stagesBody(edited);
    const parsed = productionStagesUpdate.safeParse(body, { error: validationErrorMap });
    const placeErrors = (issues: readonly FieldErrorLike[]) => {
      const placed: Record<number, string> = {};
      const unplaced: string[] = [];
      for (const issue of issues) {
        const match = /^stages\.(\d+)/.exec(issue.path);
        const text = fieldErrorText(issue, t, 'production');
        if (match) placed[Number(match[1])] ??= text;
        else unplaced.push(text);
      }
      setErrors(placed);
      setFailure(unplaced.length ? unplaced.join(' ') : null);
    };
    if (!parsed.success) {
      placeErrors(parsed.error.issues.map(describeIssue));
      return;
    }
    setFailure(null);
    replace.mutate(body, {
      onSuccess: (saved) => {
        // What the server answers is what is stored: no flash of the old list while it refetches.
        queryClient.setQueryData(productionStages.queries.list().queryKey, saved);
        setChanges(null);
        setErrors({});
      },
      onQueued: () => setErrors({}),
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0) placeErrors(error.errors);
        else setFailure(errorText(error, t, 'production:errors.saveStages'));
      },
    });
  };

  return (
    <Stack gap="md" aria-labelledby={headingId} component="section">
      <Stack gap={4}>
        <Title order={2} size="h3" id={headingId}>
          {t('stages.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('stages.description')}
        </Text>
      </Stack>
      {!canEdit ? (
        <Alert color="blue" variant="light">
          {t('stages.readOnly')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert" title={t('ui:saveFailed.title')}>
          {failure}
        </Alert>
      ) : null}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {edited.map((stage, index) => {
          const label = t('stages.name', { position: index + 1 });
          const name = stage.name || label;
          const inUse = stage.cardCount > 0;
          return (
            <Group key={stage.key} component="li" gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                label={label}
                value={stage.name}
                maxLength={STAGE_NAME_MAX}
                readOnly={!canEdit}
                error={errors[index]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(edited.map((item, i) => (i === index ? { ...item, name: value } : item)));
                }}
                rightSectionWidth={inUse ? 90 : undefined}
                rightSection={
                  inUse ? (
                    <Badge variant="light" size="sm">
                      {t('stages.inUse', { count: stage.cardCount })}
                    </Badge>
                  ) : null
                }
              />
              {canEdit ? (
                <Group gap={4} wrap="nowrap" mt={25}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('stages.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => swap(index, index - 1)}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('stages.moveDown', { name })}
                    disabled={index === edited.length - 1}
                    onClick={() => swap(index, index + 1)}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <Tooltip label={t('stages.inUseHint')} disabled={!inUse}>
                    <ActionIcon
                      variant="default"
                      color="red"
                      size="lg"
                      aria-label={t('stages.remove', { name })}
                      disabled={edited.length <= STAGES_MIN}
                      onClick={() => change(edited.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ) : null}
            </Group>
          );
        })}
      </Stack>
      {canEdit ? (
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={edited.length >= STAGES_MAX}
            onClick={() => {
              setAdded((count) => count + 1);
              change([...edited, { key: `${newKey}-${added}`, name: '', cardCount: 0 }]);
            }}
          >
            {t('stages.add')}
          </Button>
          <Group gap="sm">
            <Button variant="default" disabled={changes === null} onClick={() => change(null)}>
              {t('stages.reset')}
            </Button>
            <Button onClick={save} loading={replace.isPending && !replace.isPaused}>
              {t('stages.save')}
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
