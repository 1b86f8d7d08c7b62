/** Footer: the copyright line and the strategist's title. */
import { footer } from '../../content/content';

export function SiteFooter({ ownerName }: { ownerName: string }) {
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
