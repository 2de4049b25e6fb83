import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot, useKernel, useService } from '../../../kernel';
import { animationFieldPoint, animationPoint, videoPoint, type VideoFormat, type VideoPlayerProps } from '../points';
import { Button } from '../../../core/ui/common/Button';
import { httpRef } from '../../../core/ui/services';
import { CastTutorial } from './CastTutorial';
import { usePlatformAnswer } from '../../../core/ui/usePlatformAnswer';
import { StreamCaption, type StageCaption } from './StreamCaption';
import { availableModes, defaultMode, FORMAT_PREFERENCE, nextLine, parseAnchorMedia, parseMatchMedia, playableSource, resolveMediaUrl, type MatchMediaSources, type MediaMode, type VideoLine } from './mediaSources';
import styles from './MediaStage.module.css';
import { MEDIA_PATHS } from '../../../../contract/paths';

export interface MediaStageProps {
  matchId: number;
  /** Scheme A sport id: picks the animation plugin that draws this sport. */
  sportId: number;
  /** A live room's stage: its anchor stream is the anchor mode, shown first. */
  liveRoomId?: number | undefined;
  /** The room's state (waiting, living, ended): a change asks for the anchor stream again (a waiting room goes live). */
  roomStatus?: number | undefined;
  /** Drawn over the picture (the live room's overlay extensions); the layer lets clicks through where it draws nothing. */
  overlay?: ReactNode;
  /** Names and score drawn over a playing stream in the viewer's language (the stream's picture has no words). */
  caption?: StageCaption | undefined;
  /**
   * The match has ended (MatchStatus.Ended). Its video lines and animation stop with it, so the stage says so instead of
   * mounting a player that would freeze on the last frame; a live room's anchor stream is the room's own and goes on.
   */
  matchEnded?: boolean | undefined;
}

/**
 * The media stage of the match screen and the live room: the match's live video (line by line, FLV on desktop with HLS
 * as the fallback), its animation, or a live room's anchor stream (its lines played the same way), with full screen and
 * a cast-to-screen guide. The player libraries live in the player plugins' chunks, so nothing of them downloads until a
 * video plays.
 */
export function MediaStage(props: MediaStageProps) {
  return (
    <Suspense fallback={<StageSkeleton />}>
      <MediaStageContent key={`${props.matchId}/${props.liveRoomId}`} {...props} />
    </Suspense>
  );
}

/** The stage's footprint while its strings load (the `media` namespace is a lazy chunk). */
function StageSkeleton() {
  const { t } = useTranslation();
  return <div className={styles.skeleton} role="status" aria-label={t('app.loading')} />;
}

/** Where one media host answer stands, as the stage reads it (undefined: nothing to ask). */
type Fetch<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; media: T };

/**
 * One media host answer (the match's media, a room's anchor stream), asked for again on `retry` and whenever `params`
 * or `again` change; nothing is asked while `params` is undefined. Quiet: an answer already shown stays while it is
 * asked for again (a playing stream is not torn down by a room's status change), also when that ask fails.
 */
function useMediaAnswer<T>(
  path: string,
  params: Record<string, number> | undefined,
  parse: (data: unknown, resolve: (path: string) => string) => T,
  again?: unknown,
): { state: Fetch<T> | undefined; retry(): void } {
  const client = useService(httpRef).media;
  const query = params && `${path}?${JSON.stringify(params)}`;
  const answer = usePlatformAnswer(
    query,
    async (signal) => parse(await client.get<unknown, unknown>(path, { params, signal }), (url) => resolveMediaUrl(url, client.defaults?.baseURL)),
    { quiet: true, again },
  );
  const state: Fetch<T> | undefined =
    answer.status === 'idle' ? undefined : answer.status === 'ready' ? { status: 'ready', media: answer.data as T } : { status: answer.status };
  return { state, retry: answer.reload };
}

const NO_MEDIA: MatchMediaSources = { videos: [] };

const MediaStageContent = observer(function MediaStageContent({ matchId, sportId, liveRoomId, roomStatus, overlay, caption, matchEnded = false }: MediaStageProps) {
  const { t } = useTranslation('media');
  const { plugins } = useKernel();
  const matchMedia = useMediaAnswer(MEDIA_PATHS.video, { matchId }, (data, resolve) => parseMatchMedia(data, matchId, resolve));
  const anchorMedia = useMediaAnswer(MEDIA_PATHS.anchor, liveRoomId === undefined ? undefined : { liveRoomId }, parseAnchorMedia, roomStatus);
  const stage = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(stage);
  const [castOpen, setCastOpen] = useState(false);
  const [chosenMode, setChosenMode] = useState<MediaMode | null>(null);

  const players = useMemo(() => new Set<VideoFormat>(plugins.list(videoPoint).flatMap((e) => e.match.formats)), [plugins]);
  const animationPlayer = plugins.list(animationPoint, { sportId }).length > 0;
  const answers = [matchMedia.state, anchorMedia.state].filter((state) => state !== undefined);
  const media = matchMedia.state?.status === 'ready' ? matchMedia.state.media : undefined;
  const anchor = anchorMedia.state?.status === 'ready' ? anchorMedia.state.media : undefined;
  const modes = availableModes({ media: media ?? NO_MEDIA, players, animationPlayer, anchor });
  const mode = chosenMode && modes.includes(chosenMode) ? chosenMode : defaultMode(modes);
  const video = useVideoLines(mode === 'video' ? (media?.videos ?? NO_LINES) : mode === 'anchor' ? (anchor?.lines ?? NO_LINES) : NO_LINES, players);
  // A live room still choosing (mode null) may yet play its anchor; a match screen has nothing left to wait for.
  const over = matchEnded && mode !== 'anchor' && (mode !== null || liveRoomId === undefined);
  const streaming = !over && (mode === 'video' || mode === 'anchor');

  const chooseMode = (id: MediaMode) => {
    if (id === mode) return;
    setChosenMode(id);
    // Another stream: a fresh player on its first line, so the stage waits for its first frame again.
    if (id !== 'animation') video.restart();
  };
  const retry = () => {
    if (matchMedia.state?.status === 'failed') matchMedia.retry();
    if (anchorMedia.state?.status === 'failed') anchorMedia.retry();
  };

  let screen: ReactNode;
  if (over) {
    screen = (
      <Notice ended>
        <strong className={styles.endedTitle}>{t('stage.ended')}</strong>
        <span>{t('stage.endedHint')}</span>
      </Notice>
    );
  } else if (modes.length === 0 && answers.some((state) => state.status === 'loading')) {
    screen = <Notice busy>{t('stage.loading')}</Notice>;
  } else if (modes.length === 0 && answers.some((state) => state.status === 'failed')) {
    screen = (
      <Notice alert>
        <span>{t('stage.loadFailed')}</span>
        <Button variant="onDark" onClick={retry}>
          {t('stage.retry')}
        </Button>
      </Notice>
    );
  } else if (mode === 'anchor' && anchor && anchor.lines.length === 0) {
    // The room waits for its anchor, or has ended: no stream to play.
    screen = <Notice>{t(anchor.liveStatus === 2 ? 'anchor.ended' : 'anchor.waiting')}</Notice>;
  } else if (streaming) {
    screen = <VideoScreen video={video} />;
  } else if (mode === 'animation' && media?.animation) {
    const url = media.animation;
    // What the sport's field looks like is its plugin's word (declared in its manifest, no code loaded).
    const field = plugins.list(animationFieldPoint, { sportId })[0]?.match.field;
    screen = (
      <Slot
        point={animationPoint}
        select={{ sportId }}
        fallback={<Notice busy>{t('stage.loading')}</Notice>}
        render={(module) => <module.Animation url={url} matchId={matchId} sportId={sportId} field={field} />}
      />
    );
  } else {
    screen = <Notice>{t('stage.empty')}</Notice>;
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // Browsers leave full screen on Escape themselves; this covers hosts that let the key reach the page first.
    // Escape inside the cast guide closes the guide only.
    if (event.key !== 'Escape' || !fullscreen.active) return;
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    fullscreen.exit();
  };

  return (
    <section ref={stage} className={styles.stage} aria-label={t('stage.label')} data-media-mode={mode ?? 'none'} data-fullscreen={fullscreen.active || undefined} onKeyDown={onKeyDown}>
      <div className={styles.screen}>
        {screen}
        {streaming && video.lines.length > 0 && caption && <StreamCaption caption={caption} />}
        {overlay && <div className={styles.layer}>{overlay}</div>}
      </div>
      <div className={styles.toolbar}>
        {modes.length > 0 && (
          <div className={styles.group} role="group" aria-label={t('mode.label')}>
            {modes.map((id) => (
              <button key={id} type="button" className={styles.toggle} aria-pressed={id === mode} onClick={() => chooseMode(id)}>
                {t(`mode.${id}`)}
              </button>
            ))}
          </div>
        )}
        {streaming && video.lines.length > 0 && (
          <div className={styles.group} role="group" aria-label={t('line.label')}>
            <span className={styles.groupLabel} aria-hidden="true">
              {t('line.label')}
            </span>
            {video.lines.map((line) => (
              <button
                key={line.line}
                type="button"
                className={styles.line}
                aria-pressed={line.line === video.line}
                aria-label={t('line.name', { line: line.line })}
                onClick={() => video.choose(line.line)}
              >
                {line.line}
              </button>
            ))}
          </div>
        )}
        <span className={styles.spacer} />
        {streaming && (
          <button type="button" className={styles.tool} aria-pressed={!video.muted} onClick={video.toggleMuted}>
            {video.muted ? t('sound.on') : t('sound.off')}
          </button>
        )}
        <button type="button" className={styles.tool} aria-haspopup="dialog" onClick={() => setCastOpen(true)}>
          {t('cast.open')}
        </button>
        {fullscreen.supported && (
          <button type="button" className={styles.tool} aria-pressed={fullscreen.active} onClick={fullscreen.toggle}>
            {fullscreen.active ? t('fullscreen.exit') : t('fullscreen.enter')}
          </button>
        )}
      </div>
      <CastTutorial open={castOpen} onClose={() => setCastOpen(false)} />
    </section>
  );
});

function Notice({ children, busy = false, alert = false, ended = false }: { children: ReactNode; busy?: boolean; alert?: boolean; ended?: boolean }) {
  return (
    <div className={styles.notice} role={alert ? 'alert' : busy || ended ? 'status' : undefined} aria-busy={busy || undefined} data-stage-ended={ended || undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </div>
  );
}

type PlayStatus = 'loading' | 'playing' | 'failed';

const NO_LINES: readonly VideoLine[] = [];

interface VideoLines {
  /** Lines this build can play (a player plugin is on for one of their formats). */
  lines: VideoLine[];
  line: number | undefined;
  source: { format: VideoFormat; url: string } | undefined;
  status: PlayStatus;
  attempt: number;
  muted: boolean;
  choose(line: number): void;
  retry(): void;
  /** Back to the first line with a fresh player (another mode's lines). */
  restart(): void;
  toggleMuted(): void;
  onError(url: string, reason: Parameters<VideoPlayerProps['onError']>[0]): void;
  onPlaying(url: string): void;
}

/**
 * Which line plays, in which format, and how it is doing. A player that says its format cannot play in this browser
 * makes every line fall back to the next format (HLS after FLV); any other failure is the line's, and the stage
 * offers the next line and Retry.
 */
function useVideoLines(videos: readonly VideoLine[], players: ReadonlySet<VideoFormat>): VideoLines {
  const lines = useMemo(() => videos.filter((v) => FORMAT_PREFERENCE.some((f) => v.urls[f] && players.has(f))), [videos, players]);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [unsupported, setUnsupported] = useState<ReadonlySet<VideoFormat>>(() => new Set());
  const [status, setStatus] = useState<PlayStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const [muted, setMuted] = useState(true);

  const current = lines.find((l) => l.line === chosen) ?? lines[0];
  const source = current ? playableSource(current, players, unsupported) : undefined;
  const url = source?.url;
  const retry = () => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  };

  return {
    lines,
    line: current?.line,
    source,
    status,
    attempt,
    muted,
    choose(line) {
      if (line === current?.line) {
        if (status === 'failed') retry();
        return;
      }
      setChosen(line);
      setStatus('loading');
    },
    retry,
    restart() {
      setChosen(undefined);
      retry();
    },
    toggleMuted: () => setMuted((m) => !m),
    onError(from, reason) {
      if (from !== url || !source) return;
      if (reason === 'unsupported') setUnsupported((set) => new Set(set).add(source.format));
      else setStatus('failed');
    },
    onPlaying(from) {
      if (from === url) setStatus('playing');
    },
  };
}

function VideoScreen({ video }: { video: VideoLines }) {
  const { t } = useTranslation('media');
  const { source, line, status } = video;
  if (line === undefined) return <Notice>{t('stage.empty')}</Notice>;
  if (!source) return <Notice alert>{t('video.unsupported')}</Notice>;

  if (status === 'failed') {
    const next = nextLine(video.lines, line);
    return (
      <Notice alert>
        <span>{t('video.failed', { line })}</span>
        <span className={styles.actions}>
          {next !== undefined && (
            <Button variant="primary" onClick={() => video.choose(next)}>
              {t('video.tryLine', { line: next })}
            </Button>
          )}
          <Button variant="onDark" onClick={video.retry}>
            {t('video.retry')}
          </Button>
        </span>
      </Notice>
    );
  }

  const { format, url } = source;
  return (
    <>
      <Slot
        point={videoPoint}
        select={{ format }}
        render={(module) => (
          <module.VideoPlayer
            key={`${url}#${video.attempt}`}
            url={url}
            muted={video.muted}
            onError={(reason) => video.onError(url, reason)}
            onPlaying={() => video.onPlaying(url)}
          />
        )}
      />
      {status === 'loading' && (
        <div className={styles.overlay}>
          <Notice busy>{t('video.loading', { line })}</Notice>
        </div>
      )}
    </>
  );
}

interface Fullscreen {
  supported: boolean;
  active: boolean;
  toggle(): void;
  exit(): void;
}

/** Full screen for the stage element, its state following the browser's (Escape, the browser's own controls). */
function useFullscreen(element: RefObject<HTMLElement | null>): Fullscreen {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement != null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [element]);

  const exit = () => {
    if (document.fullscreenElement && typeof document.exitFullscreen === 'function') void Promise.resolve(document.exitFullscreen()).catch(() => undefined);
  };
  return {
    supported: typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.requestFullscreen === 'function',
    active,
    exit,
    toggle() {
      const target = element.current;
      if (!target) return;
      if (document.fullscreenElement === target) exit();
      else void Promise.resolve(target.requestFullscreen()).catch(() => undefined);
    },
  };
}
