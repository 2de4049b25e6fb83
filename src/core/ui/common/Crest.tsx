import { useService } from '../../../kernel';
import { teamIconUrl } from '../../domain/teamIcon';
import { assetUrlRef } from '../services';

/**
 * A team or league icon. The platform answers icon paths ("/api/team/icon/7"); they live on the icon host of the
 * domain list, which is not the page's origin when the app runs with apiSrc on another host. Pass `team` (its name)
 * for a team's crest.
 */
export function Crest({ src, size, className, team }: { src: string | undefined; size: number; className?: string; team?: string }) {
  const assetUrl = useService(assetUrlRef);
  if (!src) return <span className={className} aria-hidden="true" />;
  // A team's crest carries the spec's kw (its name) and appId=2; league icons have no team.
  const url = assetUrl(team === undefined ? src : teamIconUrl(src, team));
  return <img className={className} src={url} alt="" width={size} height={size} loading="lazy" />;
}
