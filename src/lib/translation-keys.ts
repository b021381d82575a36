import type { Namespace, Resources, TFunction } from 'i18next';

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every English key as `namespace:path`, e.g. `ui:failures.duplicate`. */
export type TranslationKey = {
  [NS in keyof Resources]: `${NS}:${Leaves<Resources[NS]>}`;
}[keyof Resources];

/** The keys of one namespace, without its prefix. */
export type KeysOf<NS extends keyof Resources> = Leaves<Resources[NS]>;

/** The namespaces that hold every one of `Keys`: an area's conventional texts are checked here. */
export type NamespaceWith<Keys extends string> = {
  [NS in keyof Resources]: [Keys] extends [KeysOf<NS>] ? NS : never;
}[keyof Resources];

/** A `t` of any namespace, as helpers that translate for a component receive it. */
export type AnyT = TFunction<Namespace>;

/**
 * `t` for keys put together at run time (a failure code, a field name), which the typed `t`
 * cannot follow. Literal keys keep going through the typed `t`, so a misspelt one fails the
 * typecheck; the parts a run-time key is built from are typed where they are declared.
 */
export function runtimeT(t: unknown) {
  return t as (key: string | string[], options?: Record<string, unknown>) => string;
}
