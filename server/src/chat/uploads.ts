import type { ChatImage } from '../../../contract/chat';
import { ErrorCode } from '../../../contract/errors';
import { CHAT_PATHS } from '../../../contract/paths';
import { keyedBuckets } from '../http/rateLimit';
import { ChatRefusal, type ChatDeps } from './context';
import { inspectImage } from './images';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An uploaded image as messages carry it: its file, the URL it is served at, its type and size. */
export function imageOf(row: { file: string; type: string; width: number; height: number; bytes: number }): ChatImage {
  return { file: row.file, url: `${CHAT_PATHS.file}/${row.file}`, type: row.type, width: Number(row.width), height: Number(row.height), bytes: Number(row.bytes) };
}

/**
 * Members' image uploads (spec 001 section 7): checked by content (images.ts), within the member's upload rate and
 * 24-hour quota (config chat.imageUploads), stored for the member until a message of theirs posts it; those never
 * posted are swept. The file store itself is images.ts.
 */
export function createChatUploads({ db, clock, config, images, limits }: Pick<ChatDeps, 'db' | 'clock' | 'config' | 'images' | 'limits'>) {
  const uploadBucket = keyedBuckets('chatImages:member', config.chat.imageUploads.perMember);

  /** An upload within the member's rate and 24-hour quota (config chat.imageUploads), or the refusal saying which. */
  async function admitUpload(memberId: number, bytes: number): Promise<void> {
    const { perMember, dailyBytesPerMember } = config.chat.imageUploads;
    const taken = await limits.take([uploadBucket(String(memberId), 1)]);
    if (!taken.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      throw new ChatRefusal(ErrorCode.TOO_MANY_REQUESTS, `too many image uploads: at most ${perMember.perMinute} a minute, ${perMember.burst} at once; try again in ${retryAfterSeconds} s`, 429, retryAfterSeconds);
    }
    const since = clock.now() - DAY_MS;
    const used = await db.selectFrom('chat_images').select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes')).where('member_id', '=', memberId).where('created_at', '>', since).executeTakeFirst();
    const usedBytes = Number(used?.bytes ?? 0);
    if (usedBytes + bytes > dailyBytesPerMember) {
      const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`);
      throw new ChatRefusal(ErrorCode.TOO_MANY_REQUESTS, `image quota: at most ${size(dailyBytesPerMember)} of images in 24 hours; ${size(usedBytes)} used, this one is ${size(bytes)}`, 429);
    }
  }

  return {
    /** The file of a name the image store made (undefined for any other name). */
    imagePath: (name: string) => images.pathOf(name),

    /** Checks an upload by its content and stores it for the member. */
    async saveImage(memberId: number, bytes: Buffer): Promise<ChatImage> {
      const checked = inspectImage(bytes);
      if (!checked.ok) throw new ChatRefusal(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `body: ${checked.reason}`, 415);
      const { image } = checked;
      const { maxWidth, maxHeight } = config.chat.image;
      if (image.width > maxWidth || image.height > maxHeight) {
        throw new ChatRefusal(ErrorCode.INVALID_INPUT, `body: an image of ${image.width} × ${image.height} pixels, at most ${maxWidth} × ${maxHeight}`, 400);
      }
      await admitUpload(memberId, bytes.length);
      const file = images.save(bytes, image.ext);
      const row = { file, member_id: memberId, type: image.type, width: image.width, height: image.height, bytes: bytes.length, created_at: clock.now() };
      await db.insertInto('chat_images').values(row).execute();
      return imageOf(row);
    },

    /**
     * Deletes images no message uses that were uploaded more than chat.imageUploads.unpostedMinutes ago, rows and files
     * (issue 29: they were kept for ever). Answers how many. A message can no longer name one (its send checks the row).
     */
    async purgeUnposted(): Promise<number> {
      const before = clock.now() - config.chat.imageUploads.unpostedMinutes * 60_000;
      const stale = await db
        .selectFrom('chat_images')
        .select('file')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('chat_messages').select('chat_messages.id').whereRef('chat_messages.image_file', '=', 'chat_images.file'))))
        .limit(1000)
        .execute();
      if (stale.length === 0) return 0;
      const files = stale.map((row) => row.file);
      // The rows first: a send racing this sees no image rather than a row whose file is gone.
      await db.deleteFrom('chat_images').where('file', 'in', files).where('created_at', '<', before).execute();
      for (const file of files) images.remove(file);
      return files.length;
    },
  };
}
