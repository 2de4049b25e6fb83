import { useKernel } from '../../kernel';
import type { AppServices } from '../services';

/**
 * A team or league icon. The platform answers icon paths ("/api/team/icon/7"); they live on the icon host of the
 * domain list, which is not the page's origin when the app runs with apiSrc on another host.
 */
export function Crest({ src, size, className }: { src: string | undefined; size: number; className?: string }) {
  const { assetUrl } = useKernel<AppServices>().services;
  if (!src) return <span className={className} aria-hidden="true" />;
  return <img className={className} src={assetUrl(src)} alt="" width={size} height={size} loading="lazy" />;
}
