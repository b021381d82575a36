import {
  Alert,
  Anchor,
  CloseButton,
  Grid,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { HELP_CENTER_PATH, helpArticlePath } from '@/lib/help-topics';
import { useArticles } from '../articles';
import { ArticleBody } from '../components/article-body';
import { DevicePanel } from '../components/device-panel';
import { searchArticles, type ArticleText } from '../search';

const SEARCH_PARAM = 'q';

function ArticleView({ article, search }: { article: ArticleText; search: string }) {
  const { t } = useTranslation('help');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="article">
      <Stack gap="md">
        <Anchor
          component={Link}
          to={`${HELP_CENTER_PATH}${search}`}
          size="sm"
          w="fit-content"
          className="help-link"
        >
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {t('backToList')}
        </Anchor>
        <div>
          <Title order={2} fz="h3">
            {article.title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {article.summary}
          </Text>
        </div>
        <nav aria-label={t('sectionsLabel')}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
            {t('sectionsLabel')}
          </Text>
          <Stack gap={2}>
            {article.sections.map((section) => (
              <Anchor
                key={section.id}
                component={Link}
                to={{ search, hash: section.id }}
                size="sm"
                className="help-link"
              >
                {section.title}
              </Anchor>
            ))}
          </Stack>
        </nav>
        {article.sections.map((section) => (
          <Stack
            key={section.id}
            component="section"
            id={section.id}
            gap="xs"
            aria-labelledby={`${section.id}-title`}
            style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 1rem)' }}
          >
            <Title order={3} fz="h4" id={`${section.id}-title`}>
              {section.title}
            </Title>
            <ArticleBody text={section.text} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** `/help-center` and `/help-center/:articleId`: the guides, searchable, and this device's state. */
export default function HelpCenterPage() {
  const { t } = useTranslation('help');
  const { articleId } = useParams();
  const { hash } = useLocation();
  const [params, setParams] = useSearchParams();
  const query = params.get(SEARCH_PARAM) ?? '';
  const searching = query.trim() !== '';
  const articles = useArticles();
  const hits = useMemo(() => searchArticles(articles, query), [articles, query]);
  const current = articleId ? articles.find((article) => article.id === articleId) : undefined;
  const search = searching ? `?${new URLSearchParams({ [SEARCH_PARAM]: query }).toString()}` : '';

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash, current]);

  const setQuery = (value: string) =>
    setParams(value ? { [SEARCH_PARAM]: value } : {}, { replace: true });

  const listed = searching
    ? hits
    : articles.map((article) => ({ article, sectionIds: [] as string[] }));

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: articleId ? 2 : 1, md: 1 }}>
          <Stack gap="sm">
            <TextInput
              type="search"
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              rightSection={
                query ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('search.clear')}
                    onClick={() => setQuery('')}
                  />
                ) : null
              }
            />
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {searching
                ? hits.length > 0
                  ? t('search.results', { count: hits.length })
                  : t('search.noResults', { query: query.trim() })
                : null}
            </Text>
            <nav aria-label={t('articleList')}>
              <Stack gap={2}>
                {listed.map(({ article, sectionIds }) => (
                  <div key={article.id}>
                    <NavLink
                      component={Link}
                      to={`${helpArticlePath(article.id)}${search}`}
                      label={article.title}
                      description={searching ? undefined : article.summary}
                      active={article.id === articleId}
                      aria-current={article.id === articleId ? 'page' : undefined}
                      styles={{ label: { fontWeight: 600 } }}
                    />
                    {sectionIds.length > 0 ? (
                      <Stack gap={0} pl="lg" pb={4}>
                        {article.sections
                          .filter((section) => sectionIds.includes(section.id))
                          .map((section) => (
                            <Anchor
                              key={section.id}
                              component={Link}
                              to={`${helpArticlePath(article.id)}${search}#${section.id}`}
                              size="sm"
                              py={2}
                              className="help-link"
                            >
                              {section.title}
                            </Anchor>
                          ))}
                      </Stack>
                    ) : null}
                  </div>
                ))}
              </Stack>
            </nav>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: articleId ? 1 : 2, md: 2 }}>
          {articleId ? (
            current ? (
              <ArticleView article={current} search={search} />
            ) : (
              <Alert color="yellow">{t('notFound')}</Alert>
            )
          ) : (
            <DevicePanel />
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
