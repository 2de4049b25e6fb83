import { cast, flow, types, type Instance } from 'mobx-state-tree';
import { DEFAULT_HANDICAP_FORMAT, OddsFormat, isOddsFormat } from '../../../domain/odds';
import type { LoginState } from '../../host/hostProps';
import { apiLanguageOf, DEFAULT_LOCALE, LOCALES, toLocale, type Locale } from '../domain/locales';
import type { ListOrder, OddsChangeAcceptance, OddsFormatId } from '../../services/storage';
import { ORDER_BY } from '../../../contract/enums';
import { envOf } from './env';

const localeType = types.enumeration<Locale>('Locale', LOCALES.map((l) => l.lng));

/**
 * Language, odds format and odds-change acceptance (spec: none 0, better only 1 default, any 2), persisted per
 * merchant. One odds format drives lists and the slip alike, shown and switchable in both (the header's select and
 * the slip's): the spec's "default handicap" (Europe) is its default (docs/architecture.md "Odds formats").
 */
export const SettingsStore = types
  .model('SettingsStore', {
    locale: types.optional(localeType, DEFAULT_LOCALE),
    oddsFormat: types.optional(types.number, DEFAULT_HANDICAP_FORMAT),
    oddsChange: types.optional(types.number, 1),
    /**
     * How match lists are ordered (getList `orderBy`: 0 kick-off time, the platform's default; 1 league order). A
     * visitor's choice is kept in local storage, a member's on the platform too (`event_sort`, memberSettings.ts).
     */
    listOrder: types.optional(types.number, ORDER_BY.time),
    changingLocale: false,
    /** Goal push (spec document 2): 1 on (the platform's default), 0 off; the host's setting `acceptPush`. */
    acceptPush: 1,
    /** The goal push's scopes by index (0 collected, 1 with unsettled orders, 2 all); undefined until a host sends one. */
    acceptList: types.maybe(types.array(types.number)),
  })
  .views((self) => ({
    /** The member accepts goal pushes and has chosen a scope for them (spec document 2): only then may one pop up. */
    get goalPushWanted(): boolean {
      return self.acceptPush === 1 && (self.acceptList?.some((on) => on === 1) ?? false);
    },
    get apiLanguage() {
      return apiLanguageOf(self.locale);
    },
    get oddsFormatId(): OddsFormat {
      return self.oddsFormat as OddsFormat;
    },
  }))
  .actions((self) => ({
    /** Reads persisted choices; a host's settings (applyHostSetting) win over them. */
    restore(defaultLocale: Locale) {
      const { storage } = envOf(self);
      self.locale = toLocale(storage.get('locale')) ?? defaultLocale;
      self.oddsFormat = storage.get('handicapFormat') ?? DEFAULT_HANDICAP_FORMAT;
      self.oddsChange = storage.get('oddsChange') ?? 1;
      self.listOrder = storage.get('listOrder') ?? ORDER_BY.time;
    },
    setOddsFormat(format: number, fromHost = false) {
      if (!isOddsFormat(format) || format === self.oddsFormat) return;
      self.oddsFormat = format;
      envOf(self).storage.set('handicapFormat', format as OddsFormatId);
      if (!fromHost) envOf(self).host.onSettingsChange?.({ handicap: format });
    },
    setOddsChange(value: number) {
      if (value !== 0 && value !== 1 && value !== 2) return;
      self.oddsChange = value;
      envOf(self).storage.set('oddsChange', value as OddsChangeAcceptance);
    },
    setListOrder(order: number) {
      if ((order !== ORDER_BY.time && order !== ORDER_BY.league) || order === self.listOrder) return;
      self.listOrder = order;
      envOf(self).storage.set('listOrder', order as ListOrder);
    },
    setChangingLocale(value: boolean) {
      self.changingLocale = value;
    },
    commitLocale(locale: Locale) {
      self.locale = locale;
      envOf(self).storage.set('locale', locale);
    },
  }))
  .actions((self) => ({
    /** Switches language without a reload: the namespaces in use load first, then everything re-renders. */
    setLocale: flow(function* setLocale(value: string, fromHost = false) {
      const locale = toLocale(value);
      if (!locale || locale === self.locale) return;
      const { i18n, host } = envOf(self);
      self.setChangingLocale(true);
      try {
        yield i18n.changeLanguage(locale);
        self.commitLocale(locale);
        if (!fromHost) host.onSettingsChange?.({ language: apiLanguageOf(locale) });
      } finally {
        self.setChangingLocale(false);
      }
    }),
  }))
  .actions((self) => ({
    applyPushSetting(acceptPush: number | undefined, acceptList: readonly number[] | undefined) {
      if (acceptPush !== undefined) self.acceptPush = acceptPush === 1 ? 1 : 0;
      if (acceptList !== undefined) self.acceptList = cast([...acceptList]);
    },
  }))
  .actions((self) => {
    const lastHost: { handicap?: number; accept?: number } = {};
    return {
      /**
       * The host's settings win when they change, not on every props update: a host re-sending the same snapshot
       * must not undo what the member chose in the app since (e.g. the slip's odds-change setting).
       */
      applyHostSetting(state: Pick<LoginState, 'setting' | 'language'>) {
        const handicap = state.setting?.handicap;
        const accept = state.setting?.accept;
        if (handicap !== undefined && handicap !== lastHost.handicap) self.setOddsFormat(handicap, true);
        if (accept !== undefined && accept !== lastHost.accept) self.setOddsChange(accept);
        lastHost.handicap = handicap ?? lastHost.handicap;
        lastHost.accept = accept ?? lastHost.accept;
        if (state.language) void self.setLocale(state.language, true);
        self.applyPushSetting(state.setting?.acceptPush, state.setting?.acceptList);
      },
    };
  });

export type SettingsStoreInstance = Instance<typeof SettingsStore>;
