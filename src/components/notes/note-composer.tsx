import { Button, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_BODY_MAX, type NotePerson } from '../../../contract/notes.ts';
import { isInvisibleOnly } from '../../../contract/common.ts';
import { noteQueries, useCreateNote, type NoteSubject } from '@/lib/notes';
import { useAuthStore } from '@/stores/auth';

/** The `@word` being typed just before the caret, if any. */
interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  text: string;
}

// Names have spaces ("Demo Staff"), so the query may too; it stays open only while it matches.
const MENTION_AT_CARET = /(?:^|\s)@((?:[^\s@][^@\n]{0,39})?)$/u;
const MAX_SUGGESTIONS = 8;

export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const match = MENTION_AT_CARET.exec(value.slice(0, caret));
  if (!match) return null;
  const text = match[1] ?? '';
  return { start: caret - text.length - 1, text };
}

/**
 * Who matches what is typed after `@`. A query with a space that matches nobody is ordinary text
 * after a finished mention ("@Demo Staff please"), not a search.
 */
export function mentionSuggestions(
  people: readonly NotePerson[],
  query: MentionQuery | null,
  exceptId: string | undefined,
): NotePerson[] | null {
  if (query === null) return null;
  const text = query.text.toLowerCase();
  const found = people
    .filter((person) => person._id !== exceptId)
    .filter((person) => person.name.toLowerCase().includes(text))
    .slice(0, MAX_SUGGESTIONS);
  if (found.length === 0 && /\s/.test(query.text)) return null;
  return found;
}

/**
 * The people picked in the picker whose `@Name` is still in the text: deleting the name from the
 * note takes the mention away with it.
 */
export function mentionedIds(body: string, picked: readonly NotePerson[]): string[] {
  const ids = picked.filter((person) => body.includes(`@${person.name}`)).map((p) => p._id);
  return [...new Set(ids)];
}

/** Writes a note; `@` opens a picker of the active team, and the picked people are mentioned. */
export function NoteComposer({ subject }: { subject: NoteSubject }) {
  const { t } = useTranslation('notes');
  const [body, setBody] = useState('');
  const [picked, setPicked] = useState<NotePerson[]>([]);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Asked for up front, so the first letters after @ already find someone.
  const people = useQuery(noteQueries.people());
  const myId = useAuthStore((state) => state.user?._id);
  const create = useCreateNote();

  const suggestions = mentionSuggestions(people.data ?? [], mention, myId);

  const follow = (value: string, caret: number) => {
    const query = mentionQueryAt(value, caret);
    const active = mentionSuggestions(people.data ?? [], query, myId) !== null;
    setMention(active ? query : null);
    if (active) {
      combobox.openDropdown();
      // Enter picks the highlighted person, so one must be highlighted once the list renders.
      requestAnimationFrame(() => combobox.selectFirstOption());
    } else {
      combobox.closeDropdown();
    }
  };

  const pick = (personId: string) => {
    const person = people.data?.find((candidate) => candidate._id === personId);
    const element = textarea.current;
    if (!person || !mention || !element) return;
    const caret = element.selectionStart ?? body.length;
    const inserted = `@${person.name} `;
    const next = body.slice(0, mention.start) + inserted + body.slice(caret);
    setBody(next.slice(0, NOTE_BODY_MAX));
    setPicked((current) =>
      current.some((entry) => entry._id === person._id) ? current : [...current, person],
    );
    setMention(null);
    combobox.closeDropdown();
    const position = mention.start + inserted.length;
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(position, position);
    });
  };

  const trimmed = body.trim();
  const canSend = trimmed.length > 0 && !isInvisibleOnly(trimmed);

  const send = () => {
    if (!canSend) return;
    const mentions = mentionedIds(body, picked);
    const input = { ...subject, body, ...(mentions.length > 0 ? { mentions } : {}) };
    const clear = () => {
      setBody('');
      setPicked([]);
    };
    // Offline the note waits in the thread as "waiting to send"; the text box is free again.
    create.mutate(input, { onSuccess: clear, onQueued: clear });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={pick}
      position="top-start"
      // Clears the label above the text box, which the list would otherwise half cover.
      offset={30}
      shadow="md"
      withinPortal={false}
    >
      <Combobox.Target targetType="input">
        <Textarea
          ref={textarea}
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={body}
          maxLength={NOTE_BODY_MAX}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            follow(event.currentTarget.value, event.currentTarget.selectionStart ?? 0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => combobox.closeDropdown()}
          description={
            body.length > NOTE_BODY_MAX * 0.8
              ? t('composer.counter', { count: body.length, max: NOTE_BODY_MAX })
              : undefined
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={suggestions === null} aria-label={t('composer.mentionPicker')}>
        <Combobox.Options>
          {suggestions === null ? null : suggestions.length === 0 ? (
            <Combobox.Empty>{t('composer.noPeople')}</Combobox.Empty>
          ) : (
            suggestions.map((person) => (
              <Combobox.Option value={person._id} key={person._id}>
                <Text size="sm">{person.name}</Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
      <Group justify="flex-end" mt="xs">
        <Button
          size="sm"
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={send}
          disabled={!canSend}
          loading={create.isPending && !create.isPaused}
        >
          {t('composer.send')}
        </Button>
      </Group>
    </Combobox>
  );
}
