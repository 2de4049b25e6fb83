import { text, type Text } from '../i18n';
import { Rng } from '../random';
import type { Weather } from '../types';

const KINDS: ReadonlyArray<{ id: number; image: string; name: Text; weight: number }> = [
  { id: 1, image: 'sunny', name: text('晴', '晴', 'Sunny', 'Nắng', 'แดดจัด'), weight: 0.3 },
  { id: 2, image: 'partly-cloudy', name: text('多云', '多雲', 'Partly Cloudy', 'Có mây', 'มีเมฆบางส่วน'), weight: 0.25 },
  { id: 3, image: 'overcast', name: text('阴', '陰', 'Overcast', 'Nhiều mây', 'เมฆครึ้ม'), weight: 0.15 },
  { id: 4, image: 'light-rain', name: text('小雨', '小雨', 'Light Rain', 'Mưa nhỏ', 'ฝนตกเล็กน้อย'), weight: 0.12 },
  { id: 5, image: 'rain', name: text('中雨', '中雨', 'Rain', 'Mưa', 'ฝนตก'), weight: 0.07 },
  { id: 6, image: 'thunderstorm', name: text('雷阵雨', '雷陣雨', 'Thunderstorm', 'Mưa dông', 'พายุฝนฟ้าคะนอง'), weight: 0.04 },
  { id: 7, image: 'fog', name: text('雾', '霧', 'Fog', 'Sương mù', 'หมอก'), weight: 0.04 },
  { id: 8, image: 'snow', name: text('小雪', '小雪', 'Light Snow', 'Tuyết nhẹ', 'หิมะตกเล็กน้อย'), weight: 0.03 },
];

/** Outdoor sports get the match-day weather (spec: football info). */
export const OUTDOOR_SPORTS: ReadonlySet<number> = new Set([1, 4, 5, 6, 7, 51]);

export function weatherOf(seed: number, matchId: number): Weather {
  const rng = Rng.of(seed, 'weather', matchId);
  const kind = KINDS[rng.weighted(KINDS.map((k) => k.weight))] as (typeof KINDS)[number];
  const base = kind.image === 'snow' ? rng.range(-6, 2) : rng.range(4, 32);
  const wet = ['light-rain', 'rain', 'thunderstorm', 'fog', 'snow'].includes(kind.image);
  return {
    temperature: Math.round(base),
    wind: Math.round(rng.range(0.5, kind.image === 'thunderstorm' ? 14 : 8) * 10) / 10,
    pressure: Math.round(rng.range(995, 1030)),
    humidity: Math.round(wet ? rng.range(75, 98) : rng.range(30, 75)),
    weather: kind.name,
    weather_image: kind.image,
    weather_id: kind.id,
  };
}
