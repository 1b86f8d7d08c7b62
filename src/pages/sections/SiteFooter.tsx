/** Footer: the copyright line and the strategist's title. */
import type { PageText } from '../../content/language';

export function SiteFooter({ footer, ownerName }: { footer: PageText['footer']; ownerName: string }) {
  return (
    <footer className="site-footer">
      <div className="container footer-bar">
        <p>
          © {footer.year} {ownerName}. All rights reserved.
        </p>
        <p>{footer.title}</p>
      </div>
    </footer>
  );
}
