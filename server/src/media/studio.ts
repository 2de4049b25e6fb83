import { escapeFilterValue, scaled, textFont } from './picture';
import type { PictureInput } from './streams';

/**
 * The test picture of an anchor's room: a studio (a violet wall with a light sweeping across it, a desk, a blinking
 * LIVE lamp), unlike the green pitch of match video so a viewer can tell the two play modes apart at a glance. The
 * anchor's name is large in the middle, the match and its live score sit on the desk as a lower third, and the room
 * id is in the corner. The name, teams and score come from text files the platform rewrites (drawtext re-reads them
 * on every frame); the room id is digits only, so it is drawn as literal text.
 */

export interface StudioInput extends PictureInput {
  liveRoomId: number;
  /** The text files (relative to the encoder's working directory). */
  hostFile: string;
  teamsFile: string;
  stateFile: string;
}

const WALL = '0x2b1a5c';
const PANEL = '0x3a2878';
const DESK = '0x140b2e';
const ACCENT = '0xd63384';
const LAMP_W = 76;
const LAMP_H = 28;

/** The lavfi graph of the studio picture, ending in [out0]. */
export function studioGraph(input: StudioInput): string {
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
  const text: string[] = [];
  const font = textFont(input.fonts);
  if (font) {
    const common = `fontfile=${escapeFilterValue(font)}:reload=1:expansion=none:x=(w-text_w)/2`;
    text.push(`drawtext=${common}:textfile=${escapeFilterValue(input.hostFile)}:fontcolor=white:fontsize=${px(54)}:borderw=${px(2)}:bordercolor=${ACCENT}:y=${Math.round(H * 0.3)}`);
    text.push(`drawtext=${common}:textfile=${escapeFilterValue(input.teamsFile)}:fontcolor=white:fontsize=${px(20)}:y=${deskY + px(14)}`);
    text.push(`drawtext=${common}:textfile=${escapeFilterValue(input.stateFile)}:fontcolor=0xffd54f:fontsize=${px(26)}:y=${deskY + px(44)}`);
  }
  const labelFont = input.fonts.latin ?? font;
  if (labelFont) {
    const label = `fontfile=${escapeFilterValue(labelFont)}:expansion=none`;
    text.push(
      `drawtext=${label}:text=LIVE:fontcolor=white:fontsize=${px(18)}:x=${px(16)}+(${px(LAMP_W)}-text_w)/2:y=${px(16)}+(${px(LAMP_H)}-text_h)/2` +
        `:enable='lt(mod(t,1.6),0.8)'`,
    );
    text.push(
      `drawtext=${label}:text=${escapeFilterValue(`Room ${input.liveRoomId}`)}:fontcolor=0xf8c8ff:fontsize=${px(20)}` +
        `:box=1:boxcolor=black@0.5:boxborderw=${px(5)}:x=w-text_w-${px(16)}:y=${px(16)}`,
    );
  }
  return [
    `color=c=${WALL}:s=${W}x${H}:r=${fps},${set.join(',')}[studio]`,
    sweep,
    `[studio][sweep]overlay=x='mod(t*${Math.round(W / 5)},${W + px(10)})-${px(10)}':y=0:eval=frame${text.map((t) => `,${t}`).join('')}[out0]`,
  ].join(';');
}
