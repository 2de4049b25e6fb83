import { flow, types, type Instance } from 'mobx-state-tree';
import type { LanguageFile } from '../../services/storage';
import type { Language } from '../../../contract/enums';
import type { StaticListRequest } from '../../../contract/forehead';
import { envOf } from '../../core/store/env';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/** The spec's language file is refreshed after one day. */
export const STATIC_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The language staticList: the platform's tables of market types, match periods, match statuses, options,
 * periods, sports and tournament phases in the current language. Fetched without auth, cached in storage with its
 * download time and refreshed after a day or when the language changes.
 */
export const StaticListStore = types
  .model('StaticListStore', {
    language: types.maybe(types.string),
    updatedAt: 0,
    tables: types.frozen<Record<string, unknown>>({}),
    loading: false,
  })
  .volatile(() => ({
    /** The language of the newest load: an older load's answer arriving later is not applied over it. */
    wanted: undefined as string | undefined,
  }))
  .views((self) => ({
    /** A name from one of the tables, e.g. name('marketType', 1005); undefined when not (yet) known. */
    name(table: string, id: string | number): string | undefined {
      const rows = self.tables[table];
      if (Array.isArray(rows)) {
        const row = rows.find((r: { id?: unknown }) => String(r?.id) === String(id)) as { name?: string } | undefined;
        return row?.name;
      }
      if (rows && typeof rows === 'object') {
        const value = (rows as Record<string, unknown>)[String(id)];
        return typeof value === 'string' ? value : (value as { name?: string } | undefined)?.name;
      }
      return undefined;
    },
  }))
  .actions((self) => ({
    apply(file: LanguageFile) {
      self.language = file.lng;
      self.updatedAt = file.updatedAt;
      self.tables = file.data;
    },
    setLoading(value: boolean) {
      self.loading = value;
    },
    want(language: string) {
      self.wanted = language;
    },
  }))
  .actions((self) => ({
    load: flow(function* load(language: Language) {
      const { storage, clock, http, logger } = envOf(self);
      self.want(language);
      const cached = storage.get('languageFile');
      if (cached && cached.lng === language && clock.now() - cached.updatedAt < STATIC_LIST_MAX_AGE_MS) {
        self.apply(cached);
        return;
      }
      self.setLoading(true);
      try {
        const data: Record<string, unknown> = yield http.forehead.post(FOREHEAD_PATHS.staticList, { language } satisfies StaticListRequest, { noAuth: true });
        if (self.wanted !== language) return;
        const file: LanguageFile = { lng: language, data, updatedAt: clock.now() };
        storage.set('languageFile', file);
        self.apply(file);
      } catch (error) {
        // A stale file in another language still beats no names at all.
        logger.warn('staticList not loaded', error);
        if (cached && !self.language) self.apply(cached);
      } finally {
        if (self.wanted === language) self.setLoading(false);
      }
    }),
  }));

export type StaticListStoreInstance = Instance<typeof StaticListStore>;
