import { scaled } from './picture';
import type { PictureInput } from './streams';

/**
 * The test picture of an anchor's room: a studio (a violet wall with a light sweeping across it, a desk, a blinking
 * LIVE lamp), unlike the green pitch of match video so a viewer can tell the two play modes apart at a glance. It
 * carries no text (issue 31): the anchor's name, the match and its score were burnt in one language whatever the
 * viewer's; the app draws them over the stage in the viewer's language (src/features/match/StageOverlay.tsx).
 */

const WALL = '0x2b1a5c';
const PANEL = '0x3a2878';
const DESK = '0x140b2e';
const ACCENT = '0xd63384';
const LAMP_W = 76;
const LAMP_H = 28;

/** The lavfi graph of the studio picture, ending in [out0]. */
export function studioGraph(input: PictureInput): string {
  const { width: W, height: H, fps } = input;
  const px = scaled(H);
  const deskY = Math.round(H * 0.7);
  const panels = Array.from({ length: 5 }, (_, i) => `drawbox=x=${Math.round(((2 * i + 0.5) * W) / 10)}:y=${px(24)}:w=${Math.round(W / 10)}:h=${deskY - px(48)}:color=${PANEL}:t=fill`);
  const set = [
    ...panels,
    `drawbox=x=0:y=${deskY}:w=${W}:h=${H - deskY}:color=${DESK}:t=fill`,
    `drawbox=x=0:y=${deskY}:w=${W}:h=${px(4)}:color=${ACCENT}:t=fill`,
    // The LIVE lamp blinks, so a frozen picture is told from a live one.
    `drawbox=x=${px(16)}:y=${px(16)}:w=${px(LAMP_W)}:h=${px(LAMP_H)}:color=red:t=fill:enable='lt(mod(t,1.6),0.8)'`,
  ];
  const sweep = `color=c=0x8f7ae6:s=${px(10)}x${deskY}:r=${fps}[sweep]`;
  return [
    `color=c=${WALL}:s=${W}x${H}:r=${fps},${set.join(',')}[studio]`,
    sweep,
    `[studio][sweep]overlay=x='mod(t*${Math.round(W / 5)},${W + px(10)})-${px(10)}':y=0:eval=frame[out0]`,
  ].join(';');
}
