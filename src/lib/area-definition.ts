import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Permission } from '../../contract/permissions.ts';
import type { KeysOf } from '@/lib/translation-keys';
import type { AppResources } from '@/lib/translation-resources';

/*
 * What a feature folder declares about itself in its `area.ts`, as
 * `export const area = {...} satisfies AreaDefinition` (an array for two sidebar entries, or
 * `AreaRoutes` for pages served under another folder's area): its sidebar entry and its routes.
 * The shell collects every `src/features/<folder>/area.ts` (src/app/areas.ts), so a new area edits
 * no shared list. An area.ts is loaded with the shell, before any page: it holds data, icons and
 * lazy `() => import(...)` calls only, so every page stays in a chunk of its own.
 */

/** The sidebar's groups, in the order it shows them. */
export const NAV_GROUPS = ['overview', 'sales', 'people', 'finance', 'workspace'] as const;
type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * An area's key: its sidebar name is `common:areas.<key>`, which `npm run generate` writes from the
 * `shell.areas` block of the area's own locale files; a key without its name does not typecheck.
 */
export type AreaKey = keyof AppResources['common']['areas'];

type PageModule = { default: ComponentType };

export interface AreaRoute {
  /** Path under the signed-in layout, without the leading slash. */
  path: string;
  area: AreaKey;
  /** Key in `common` for a sub-page's title (`shell.pages` of the area); the area's name otherwise. */
  titleKey?: KeysOf<'common'>;
  /** The built page; areas without one show the shared "coming soon" page. */
  page?: () => Promise<PageModule>;
  /**
   * The page's translation namespace, fetched together with the page's code; otherwise the page
   * would ask for it only once rendered, and its data requests would wait behind that.
   */
  namespace?: string;
  /**
   * Namespaces of shared components the page renders, fetched with the page's own: a component
   * that asks for a namespace not yet loaded suspends the page until it arrives, after a first
   * render that is thrown away.
   */
  sharedNamespaces?: readonly string[];
  /** What a sub-page needs beyond its area's permission (e.g. owner-only tools under Apps). */
  permission?: Permission;
  /**
   * Starts the page's first read for a URL (its query string), with the key the page reads it
   * under. Run when the app opens on this page, so the request does not wait for the page's code,
   * texts and saved cache to load first.
   */
  prefetch?: (search: URLSearchParams) => Promise<unknown>;
}

/** Routes a folder serves under an area; `key` names the area (another folder's, for GSTR-1). */
export interface AreaRoutes {
  key: AreaKey;
  routes?: readonly Omit<AreaRoute, 'area'>[];
}

/** An area of the sidebar with its routes. */
export interface AreaDefinition extends AreaRoutes {
  /** The sidebar link; its routes' paths start with it. */
  path: string;
  group: NavGroup;
  /** Its place within its group: the sidebar shows the groups in `NAV_GROUPS` order, then by this. */
  order: number;
  icon: Icon;
  /** What a role needs to open the area; without one it is open to everyone signed in. */
  permission?: Permission;
}

/** What a list page built on `ResourceListPage` loads besides its own texts (its History action). */
export const LIST_PAGE = { sharedNamespaces: ['audit'] } as const;
