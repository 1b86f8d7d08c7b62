/**
 * Small SVG country flags. Emoji flags do not render on Windows, and image files would cost requests, so the three
 * flags the page needs are drawn here. They are decorative: the country name is always written next to them.
 */
import type { CountryCode } from '../../content/content';

function Brazil() {
  return (
    <>
      <rect width="30" height="20" fill="#009b3a" />
      <path d="M15 2.5 27.5 10 15 17.5 2.5 10z" fill="#fedf00" />
      <circle cx="15" cy="10" r="4.2" fill="#002776" />
    </>
  );
}

function Usa() {
  const stripes = [0, 2, 4, 6, 8, 10, 12].map((i) => (
    <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
  ));
  return (
    <>
      <rect width="30" height="20" fill="#fff" />
      {stripes}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </>
  );
}

function Russia() {
  return (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect y="6.67" width="30" height="6.67" fill="#0039a6" />
      <rect y="13.33" width="30" height="6.67" fill="#d52b1e" />
    </>
  );
}

const flags: Record<CountryCode, () => React.JSX.Element> = { BR: Brazil, US: Usa, RU: Russia };

export function Flag({ country }: { country: CountryCode }) {
  const Drawing = flags[country];
  return (
    <svg className="flag" viewBox="0 0 30 20" width="30" height="20" aria-hidden="true" focusable="false">
      <Drawing />
    </svg>
  );
}
