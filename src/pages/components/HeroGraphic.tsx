/**
 * The hero illustration: a globe with routes between the markets the strategist sells into. Drawn as inline SVG
 * so the hero paints with the HTML (no image request, no layout shift) and stays sharp at every width.
 */
import { usePageStrings } from '../pageStrings';
// Where each of the page's market labels (its words' globeMarkets, in this order) sits on the globe.
const markets = [
  { x: 150, y: 215 },
  { x: 300, y: 180 },
  { x: 395, y: 265 },
  { x: 205, y: 365 },
];

const routes = [
  'M150 215 Q225 120 300 180',
  'M300 180 Q370 180 395 265',
  'M150 215 Q160 300 205 365',
  'M205 365 Q310 330 395 265',
];

export function HeroGraphic() {
  const say = usePageStrings();
  return (
    <svg
      className="hero-graphic"
      viewBox="0 0 560 560"
      role="img"
      aria-labelledby="hero-graphic-title"
      focusable="false"
    >
      <title id="hero-graphic-title">{say.heroGraphic}</title>
      <defs>
        <radialGradient id="globe-fill" cx="40%" cy="35%" r="75%">
          <stop offset="0" stopColor="#2b4f8c" />
          <stop offset="1" stopColor="#0b1f3a" />
        </radialGradient>
      </defs>
      <circle cx="280" cy="280" r="210" fill="url(#globe-fill)" stroke="#8fb3ff" strokeOpacity="0.35" />
      <g fill="none" stroke="#c7d7ff" strokeOpacity="0.22">
        {[60, 120, 170].map((rx) => (
          <ellipse key={rx} cx="280" cy="280" rx={rx} ry="210" />
        ))}
        {[-140, -70, 0, 70, 140].map((dy) => (
          <ellipse key={dy} cx="280" cy={280 + dy} rx={Math.sqrt(210 * 210 - dy * dy)} ry="18" />
        ))}
      </g>
      <g fill="none" stroke="#f5b942" strokeWidth="2.5" strokeLinecap="round" strokeDasharray="2 9">
        {routes.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
      {markets.map((m, index) => (
        <g key={`${m.x},${m.y}`}>
          <circle cx={m.x} cy={m.y} r="14" fill="#f5b942" fillOpacity="0.25" />
          <circle cx={m.x} cy={m.y} r="6" fill="#f5b942" />
          <text x={m.x} y={m.y - 22} textAnchor="middle" fill="#ffffff" fontSize="17" fontWeight="600">
            {say.globeMarkets[index]}
          </text>
        </g>
      ))}
    </svg>
  );
}
