import { MatchStatus } from '../codes';
import { text, type Text } from '../i18n';
import type { ListType } from '../types';

export const STATUS_NAMES: Record<number, Text> = {
  [MatchStatus.Upcoming]: text('未开赛', '未開賽', 'Upcoming', 'Sắp diễn ra', 'ยังไม่เริ่ม'),
  [MatchStatus.Live]: text('进行中', '進行中', 'Live', 'Đang diễn ra', 'กำลังแข่งขัน'),
  [MatchStatus.Ended]: text('完场', '完場', 'Ended', 'Kết thúc', 'จบแล้ว'),
  [MatchStatus.Postponed]: text('推迟', '推遲', 'Postponed', 'Hoãn', 'เลื่อน'),
  [MatchStatus.Interrupted]: text('中断', '中斷', 'Interrupted', 'Tạm dừng', 'หยุดชั่วคราว'),
  [MatchStatus.Cancelled]: text('取消', '取消', 'Cancelled', 'Hủy', 'ยกเลิก'),
  [MatchStatus.Delayed]: text('推迟开赛', '推遲開賽', 'Delayed', 'Hoãn giờ thi đấu', 'ล่าช้า'),
  [MatchStatus.Abandoned]: text('腰斩', '腰斬', 'Abandoned', 'Hủy giữa chừng', 'ยกเลิกกลางคัน'),
  [MatchStatus.Suspended]: text('暂停', '暫停', 'Suspended', 'Tạm ngưng', 'ระงับ'),
  [MatchStatus.CoverageLost]: text('信号中断', '訊號中斷', 'Coverage Lost', 'Mất tín hiệu', 'สัญญาณขาดหาย'),
};

export const LIST_NAMES: Record<ListType, Text> = {
  inplay: text('滚球', '滾球', 'In-Play', 'Trực tiếp', 'สด'),
  today: text('今日', '今日', 'Today', 'Hôm nay', 'วันนี้'),
  early: text('早盘', '早盤', 'Early', 'Sớm', 'ล่วงหน้า'),
  outright: text('冠军', '冠軍', 'Outright', 'Vô địch', 'เอาท์ไรท์'),
};
