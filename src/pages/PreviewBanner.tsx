/**
 * The bar over a preview of the draft: it says the page is not what visitors see, and leads back to
 * the editor. Only the owner's preview renders it; the public page never does.
 */
export interface PreviewNote {
  text: string;
  links: { href: string; label: string }[];
}

export function PreviewBanner({ text, links }: PreviewNote) {
  return (
    <div className="preview-banner" role="status">
      <strong>{text}</strong>
      {links.map((link) => (
        <a key={link.href} href={link.href}>
          {link.label}
        </a>
      ))}
    </div>
  );
}
