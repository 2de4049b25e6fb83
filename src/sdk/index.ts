/**
 * The plugin SDK: all a plugin's code may import from the app. Plugins import nothing else from src/ (apart from the
 * manifest and binding entries beside this file) and never another plugin. Import this only from code a loader
 * reaches (an extension's own chunk): its components would otherwise land in the app's initial bundle.
 */
export * from './plugin';
export { usePlugin, useService } from '../kernel/Slot';
export type { SelectionEvent } from '../kernel/events';
export type { AssetUrl, BetSlipActions, ScreenOpener, SessionView } from '../ui/services';
export type { AddPickOutcome, SlipPick } from '../stores/pickToSlip';
export type { PluginScreenMatch, PluginScreenModule } from '../ui/home/points';

export type {
  RowColumn,
  RowColumnGroup,
  ScoreboardSpec,
  ScoreSummaryProps,
  SportMatch,
  SportMenuEntryProps,
  SportModule,
} from '../ui/matchList/points';
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
} from '../ui/matchDetail/points';
export type { LiveRoomHeaderModule, LiveRoomOverlayModule, LiveRoomProps, LiveRoomTabId, LiveRoomTabModule } from '../ui/liveRoom/points';
export type { TeamNames } from '../ui/matchDetail/data/types';
export type { ResultLeague, ResultModel, ResultPage, ResultPeriod, ResultQuery, ResultsHttp, ResultsProvider, ResultsProviderModule, ResultStatus } from '../ui/results/model';
/** The match-data client (`useMatchData().store`): a sport plugin names its own routes and pushes through it. */
export type { MatchDataClient, MatchDataParams, Remote } from '../stores/matchData';
// Wire types come from the contract (type-only: values from contract/index.ts would build every schema in).
export type { ScoreRow, WireMatch } from '../../contract';
export type { PushHandler } from '../services/push';
export type { LoopHandle, Scheduler } from '../services/scheduler';
/** Server data a plugin's own store shows loads through the app's request primitive: the newest request wins. */
export { Request, request, type Progress, type RequestOutcome, type RequestStatus, type RunOptions } from '../stores/request';

export { SportMenuItem } from '../ui/sportsMenu/SportMenuItem';
export { ScoreParts, type ScorePart } from '../ui/matchList/ScoreParts';
export { LiveVideo, type AttachStream } from '../ui/matchDetail/media/LiveVideo';
export { playQuietly, type PlaybackFailure, type PlaybackWatchdog } from '../ui/matchDetail/media/playbackWatchdog';
export { tabId, tabPanelId, Tabs } from '../ui/common/Tabs';
export { Crest } from '../ui/common/Crest';
export { Button } from '../ui/common/Button';
export { Dialog } from '../ui/common/Dialog';
export { useMatchData } from '../ui/matchDetail/data/useMatchData';
export { RemoteView } from '../ui/matchDetail/data/PanelStates';
export { DataNote, plainRow, StatsTable, TableCaption, type StatsRow } from '../ui/matchDetail/data/StatsTable';
export { DataBlock, DataSection, SectionTitle } from '../ui/matchDetail/data/Section';
export { formatDuration } from '../../domain/duration';
/** How football events read (the platform's text live, the app's goal popup and the football plugin share it). */
export { isRecord, lineFromEvent, pick, withoutTimePrefix } from '../../domain/footballEvents';
/** The provably fair draw the platform runs (docs/api.md "Provably fair"), for a plugin that lets a viewer verify one. */
export { checkRainReceipts, drawWinners, entriesHashOf, seedHashOf, splitRain } from '../../domain/fair';
export { formatInZone } from '../domain/zonedTime';
export { servingSide } from '../domain/serve';
export { apiLanguageOf } from '../domain/locales';
export { leaguesOf, namesFrom, newestFirst, pageLocally, recentAnswers, wholeRangeProvider, type RangeQuery } from '../ui/results/providerHelpers';
// For the plugins' own screens and panels (gifts-lotteries, live-experts): the app's states, and the clients' types.
export type { HttpClients } from '../services/http';
export type { PushClient } from '../services/push';
export { LoadFailed, RowsSkeleton } from '../ui/common/States';
