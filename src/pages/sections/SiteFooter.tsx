/** Footer: the copyright line and the strategist's title. */
import type { PageText } from '../../content/language';
import { usePageStrings } from '../pageStrings';

export function SiteFooter({ footer, ownerName }: { footer: PageText['footer']; ownerName: string }) {
  const say = usePageStrings();
  return (
    <footer className="site-footer">
      <div className="container footer-bar">
        <p>{say.copyright(footer.year, ownerName)}</p>
        <p>{footer.title}</p>
      </div>
    </footer>
  );
}
