/** The top bar: the strategist's name (home link) and a shortcut to the contact form. */
export function SiteHeader({ ownerName }: { ownerName: string }) {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href="/">
          {ownerName}
        </a>
        <nav aria-label="Main">
          <ul className="nav-list" role="list">
            <li className="nav-optional">
              <a href="#services">Services</a>
            </li>
            <li className="nav-optional">
              <a href="#about">About</a>
            </li>
            <li className="nav-optional">
              <a href="#publications">Publications</a>
            </li>
            <li>
              <a className="button button-small button-accent" href="#contact">
                Book a free call
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
