/**
 * The plugin SDK: all a plugin's code may import from the app. Plugins import nothing else from src/ (apart from the
 * manifest and binding entries beside this file) and never another plugin. Import this only from code a loader
 * reaches (an extension's own chunk): its components would otherwise land in the app's initial bundle.
 *
 * The SDK is a surface of its own: the services' and clients' types are written here for plugins (services.ts,
 * matchData.ts, types.ts), narrower than the app's, which extend or are checked against them; the request primitive
 * lives here (request.ts) and the app's stores import it from here. Nothing here comes from the app's stores (src/core/store, src/features) or
 * src/services (dependency-cruiser rule `sdk-imports-stores-or-services`).
 */
export * from './plugin';
export type { AddPickOutcome, CallFailure, HttpCallOptions, HttpClient, HttpClients, LoopHandle, LoopOptions, LoopTask, PushClient, PushHandler, Scheduler, SlipPick, Toaster } from './services';
/** The match-data client (`useMatchData().store`): a sport plugin names its own routes and pushes through it. */
export type { MatchDataClient, MatchDataParams, Remote } from './matchData';
export type { LiveScore } from './types';
/** Server data a plugin's own store shows loads through the request primitive (the app's too): the newest request wins. */
export { Request, request, type Progress, type RequestOutcome, type RequestStatus, type RunOptions } from './request';

// The kernel's hooks and the extension points' contracts: what each point gives an extension and wants back.
export { usePlugin, useService } from '../kernel/Slot';
export type { SelectionEvent } from '../kernel/events';
export type { AssetUrl, BetSlipActions, ScreenOpener, SessionView } from '../core/ui/services';
export type { PluginScreenMatch, PluginScreenModule } from '../features/home/points';
export type {
  RowColumn,
  RowColumnGroup,
  ScoreboardSpec,
  ScoreSummaryProps,
  SportMatch,
  SportMenuEntryProps,
  SportModule,
} from '../features/lists/points';
export type {
  AnimationField,
  AnimationModule,
  AnimationProps,
  DataPanelModule,
  DataSectionProps,
  DataSourceModule,
  LineupSectionProps,
  VideoFormat,
  VideoPlayerModule,
  VideoPlayerProps,
} from '../features/match/points';
export type { LiveRoomHeaderModule, LiveRoomOverlayModule, LiveRoomProps, LiveRoomTabId, LiveRoomTabModule } from '../features/liveRoom/points';
export type { TeamNames } from '../features/match/data/types';
export type { ResultLeague, ResultModel, ResultPage, ResultPeriod, ResultQuery, ResultsHttp, ResultsProvider, ResultsProviderModule, ResultStatus } from '../features/results/model';
// Wire types come from the contract (type-only: values from contract/index.ts would build every schema in).
export type { ScoreRow, WireMatch } from '../../contract';

/*
 * The SDK's components: the app's own shared components and hooks, given to plugins as they are (one component, the
 * same look in the app and its plugins). This is their one list; a component a plugin needs is added here.
 */
export { SportMenuItem } from '../features/lists/sportsMenu/SportMenuItem';
export { ScoreParts, type ScorePart } from '../features/lists/ScoreParts';
export { LiveVideo, type AttachStream } from '../features/match/media/LiveVideo';
export { playQuietly, type PlaybackFailure, type PlaybackWatchdog } from '../features/match/media/playbackWatchdog';
export { tabId, tabPanelId, Tabs } from '../core/ui/common/Tabs';
export { Crest } from '../core/ui/common/Crest';
export { Button } from '../core/ui/common/Button';
export { Dialog } from '../core/ui/common/Dialog';
// The app's loading and failure states, for the plugins' own screens and panels (gifts-lotteries, live-experts).
export { LoadFailed, RowsSkeleton } from '../core/ui/common/States';
// The data panels' building blocks: the match-data hook, its states, tables and sections.
export { useMatchData } from '../features/match/data/useMatchData';
export { RemoteView } from '../features/match/data/PanelStates';
export { DataNote, plainRow, StatsTable, TableCaption, type StatsRow } from '../features/match/data/StatsTable';
export { DataBlock, DataSection, SectionTitle } from '../features/match/data/Section';
// A results provider's helpers (paging, league lists) over answers it fetched.
export { leaguesOf, namesFrom, newestFirst, pageLocally, recentAnswers, wholeRangeProvider, type RangeQuery } from '../features/results/providerHelpers';

/*
 * Pure functions the app runs too, given from the one module that holds each (the shared domain, domain/, or the
 * app's, src/core/domain/): no copies.
 */
export { formatDuration } from '../../domain/duration';
/** How football events read (the platform's text live, the app's goal popup and the football plugin share it). */
export { isRecord, lineFromEvent, pick, withoutTimePrefix } from '../../domain/footballEvents';
/** The provably fair draw the platform runs (docs/api.md "Provably fair"), for a plugin that lets a viewer verify one. */
export { checkRainReceipts, drawWinners, entriesHashOf, seedHashOf, splitRain } from '../../domain/fair';
/** A time in the operator's time zone (`sessionRef.timeZone`), never the browser's. */
export { formatInZone } from '../core/domain/zonedTime';
/** Which side serves (1 home, 2 away) from the feed's `serveIn`, only while the match is in play. */
export { servingSide } from '../core/domain/serve';
/** The spec's language code calls go out in (CMN, ENG, ...) for an interface language (`i18n.language`). */
export { apiLanguageOf } from '../core/domain/locales';
