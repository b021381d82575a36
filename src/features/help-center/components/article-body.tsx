import { List, Text } from '@mantine/core';

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'points'; items: string[] };

const STEP = /^\d+\.\s+/;
const POINT = /^-\s+/;

/**
 * A section's text as blocks: lines starting "1. " are numbered steps, lines starting "- " are
 * points, any other line is a paragraph. Translators write plain lines, never markup.
 */
export function articleBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split('\n').map((part) => part.trim())) {
    if (!line) continue;
    const kind = STEP.test(line) ? 'steps' : POINT.test(line) ? 'points' : 'paragraph';
    if (kind === 'paragraph') {
      blocks.push({ kind, text: line });
      continue;
    }
    const item = line.replace(kind === 'steps' ? STEP : POINT, '');
    const last = blocks.at(-1);
    if (last?.kind === kind) last.items.push(item);
    else blocks.push({ kind, items: [item] });
  }
  return blocks;
}

export function ArticleBody({ text }: { text: string }) {
  return (
    <>
      {articleBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <Text key={index} size="sm" lh={1.65}>
            {block.text}
          </Text>
        ) : (
          <List
            key={index}
            type={block.kind === 'steps' ? 'ordered' : 'unordered'}
            size="sm"
            spacing={6}
            withPadding
            styles={{ item: { lineHeight: 1.6 } }}
          >
            {block.items.map((item, itemIndex) => (
              <List.Item key={itemIndex}>{item}</List.Item>
            ))}
          </List>
        ),
      )}
    </>
  );
}
