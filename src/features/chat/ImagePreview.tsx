import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatRule } from '../../../contract/chat';
import type { ChatStoreInstance } from './chat';
import { Button } from '../../core/ui/common/Button';
import { useChatTranslation } from './chatText';
import styles from './Chat.module.css';

/** What the platform would refuse in a chosen image, known before it is uploaded. */
export type ImageProblem =
  | { kind: 'type'; types: string }
  | { kind: 'bytes'; size: string; max: string }
  | { kind: 'pixels'; width: number; height: number; maxWidth: number; maxHeight: number };

/** "image/png" → "PNG": the rule's types as a member reads them. */
const typeNames = (types: readonly string[]) => types.map((type) => type.replace(/^image\//, '').toUpperCase().replace('WEBP', 'WebP')).join(', ');

/** Bytes in KB or MB (1,024-based, as the platform's limit is). */
const sizeOf = (bytes: number, language: string) => {
  const mb = bytes >= 1024 * 1024;
  const value = mb ? bytes / 1024 / 1024 : Math.max(1, Math.ceil(bytes / 1024));
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${mb ? 'MB' : 'KB'}`;
};

/**
 * The platform's image checks (docs/api.md, image upload) run here first, so a member sees a refusal before waiting
 * for an upload: the type among the rule's, at most maxBytes, at most maxWidth × maxHeight once the picture is read.
 * The platform still checks the content itself; a file this lets through may still be refused there.
 */
export function imageProblem(rule: ChatRule['image'] | undefined, file: { type: string; size: number }, pixels: { width: number; height: number } | null, language: string): ImageProblem | null {
  if (!rule) return null;
  if (!rule.types.includes(file.type)) return { kind: 'type', types: typeNames(rule.types) };
  if (file.size > rule.maxBytes) return { kind: 'bytes', size: sizeOf(file.size, language), max: sizeOf(rule.maxBytes, language) };
  if (pixels && (pixels.width > rule.maxWidth || pixels.height > rule.maxHeight)) return { kind: 'pixels', ...pixels, maxWidth: rule.maxWidth, maxHeight: rule.maxHeight };
  return null;
}

/** The picture of a local file for as long as it shows (none where the browser cannot make one). */
function useObjectUrl(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return undefined;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The image a member chose, before it goes (issue 31): its picture, name and size, what the platform would refuse,
 * and Send / Cancel. Send uploads it and sends it with the draft as its text; Escape or Cancel drops it. Focus comes
 * to Send (or Cancel when it cannot go) and goes back to the image tool when the preview closes.
 */
export const ImagePreview = observer(function ImagePreview({ chat, file, disabled, onClose }: { chat: ChatStoreInstance; file: File; disabled: boolean; onClose(sent: boolean): void }) {
  const { t, i18n } = useChatTranslation();
  const url = useObjectUrl(file);
  const [pixels, setPixels] = useState<{ width: number; height: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const problem = imageProblem(chat.chatRule?.image, file, pixels, i18n.language);
  const blocked = problem !== null || disabled;
  // Once, when the preview opens (a later change should not pull focus).
  useEffect(() => {
    group.current?.querySelector<HTMLButtonElement>(blocked ? '[data-preview="cancel"]' : '[data-preview="send"]')?.focus();
  }, [file]);

  const send = async () => {
    if (blocked || busy) return;
    setBusy(true);
    const result = await chat.sendImage(file);
    setBusy(false);
    // A refusal stays under the input (chatError); the preview stays so the member can cancel or try again.
    if (result.ok) onClose(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose(false);
  };

  return (
    <div ref={group} className={styles.imagePreview} role="group" aria-label={t('image.preview')} onKeyDown={onKeyDown}>
      {url && (
        <img
          className={styles.imagePreviewPicture}
          src={url}
          alt={t('image.previewAlt', { name: file.name })}
          onLoad={(event) => setPixels({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      )}
      <div className={styles.imagePreviewBody}>
        <span className={styles.imagePreviewName}>{file.name}</span>
        <span className={styles.muted}>
          {sizeOf(file.size, i18n.language)}
          {pixels && ` · ${pixels.width} × ${pixels.height}`}
        </span>
        {problem && (
          <p className={styles.error} role="alert">
            {t(`image.problem.${problem.kind}`, problem)}
          </p>
        )}
        {!problem && chat.draft.trim() !== '' && <span className={styles.muted}>{t('image.withText')}</span>}
        <span className={styles.imagePreviewActions}>
          <Button data-preview="send" type="button" disabled={blocked || busy} onClick={() => void send()}>
            {busy ? t('image.sending') : t('input.send')}
          </Button>
          <button data-preview="cancel" type="button" className={styles.action} onClick={() => onClose(false)}>
            {t('cancel')}
          </button>
        </span>
      </div>
    </div>
  );
});
