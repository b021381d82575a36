import type auth from '../../public/locales/en/auth.json';
import type common from '../../public/locales/en/common.json';
import type errors from '../../public/locales/en/errors.json';
import type ui from '../../public/locales/en/ui.json';
import type validation from '../../public/locales/en/validation.json';

/**
 * The English texts by namespace, which type every `t` key. The shell's namespaces are here; an
 * area adds its own where it defines its resource (`src/lib/resources.ts`), by augmenting this
 * interface, so a new area does not edit a shared list.
 */
export interface AppResources {
  auth: typeof auth;
  common: typeof common;
  errors: typeof errors;
  ui: typeof ui;
  validation: typeof validation;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AppResources;
  }
}
