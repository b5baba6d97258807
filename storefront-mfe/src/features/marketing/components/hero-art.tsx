import type { ComponentType } from 'react';
import { Leaf, Rose, ROSE_BLUSH, ROSE_CREAM, ROSE_RED } from '../../../components/botanicals';

export type HeroScene = 'export' | 'quality' | 'reach';

/** A hand-tied bouquet in a kraft wrap, on its way along a dashed flight path. */
function ExportScene() {
  return (
    <>
      <circle cx="1130" cy="380" r="330" fill="#ffffff" fillOpacity="0.05" />
      <circle cx="1130" cy="380" r="230" fill="#ffffff" fillOpacity="0.05" />
      <path
        d="M560 860C720 420 1040 170 1420 120"
        fill="none"
        stroke="#fbe4ea"
        strokeOpacity="0.55"
        strokeWidth="3"
        strokeDasharray="4 14"
        strokeLinecap="round"
      />
      <g transform="translate(1380 126) rotate(-10)" fill="#fffdf9">
        <path d="M-34 0L30-4C38-4 42 0 38 4L-34 8Z" />
        <path d="M-4 0L-22-26H-12L14 0ZM-4 6L-22 32H-12L14 6Z" />
        <path d="M-34 0L-44-14H-38L-26 1Z" />
      </g>
      <g>
        <path d="M1040 900L1130 560L1220 900Z" fill="#d9b98a" />
        <path d="M1130 560L1220 900H1180Z" fill="#c49e68" />
        <path d="M1080 760C1110 740 1150 740 1180 760" stroke="#fff4e0" strokeWidth="10" fill="none" strokeLinecap="round" />
        <Leaf x={1120} y={520} length={250} angle={-165} fill="#2f7d5b" />
        <Leaf x={1140} y={520} length={250} angle={-15} fill="#3f8f69" />
        <Leaf x={1110} y={420} length={240} angle={-125} fill="#3f8f69" />
        <Leaf x={1150} y={420} length={240} angle={-55} fill="#2f7d5b" />
        <Leaf x={1130} y={540} length={220} angle={150} fill="#1f5a41" />
        <Leaf x={1130} y={540} length={220} angle={30} fill="#1f5a41" />
        <Rose x={1040} y={450} size={92} palette={ROSE_BLUSH} turn={12} />
        <Rose x={1224} y={446} size={96} palette={ROSE_CREAM} turn={-8} />
        <Rose x={1132} y={330} size={104} palette={ROSE_RED} turn={20} />
        <Rose x={1130} y={500} size={112} palette={ROSE_RED} turn={-14} />
        <Rose x={1012} y={320} size={70} palette={ROSE_CREAM} turn={30} />
        <Rose x={1254} y={312} size={74} palette={ROSE_BLUSH} />
      </g>
    </>
  );
}

/** One rose at its peak, framed by leaves, with a few loose petals. */
function QualityScene() {
  return (
    <>
      <circle cx="1120" cy="440" r="360" fill="#ffffff" fillOpacity="0.06" />
      <Leaf x={1120} y={440} length={430} angle={150} fill="#1f5a41" />
      <Leaf x={1120} y={440} length={400} angle={35} fill="#2f7d5b" />
      <Leaf x={1120} y={440} length={380} angle={-60} fill="#1f5a41" />
      <Leaf x={1120} y={440} length={370} angle={-140} fill="#2f7d5b" />
      <Rose x={1120} y={440} size={250} palette={ROSE_RED} turn={8} />
      <Rose x={830} y={170} size={56} palette={ROSE_BLUSH} turn={-20} />
      <Rose x={1370} y={780} size={72} palette={ROSE_CREAM} turn={40} />
      {[
        [800, 720, 20],
        [930, 820, -35],
        [1390, 200, 60],
        [1330, 60, -10],
      ].map(([x, y, angle]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="26" ry="16" fill="#f6c3cf" fillOpacity="0.8" transform={`rotate(${angle} ${x} ${y})`} />
      ))}
    </>
  );
}

/** A globe with routes from Hosur to Malaysia, Singapore and Australia. */
function ReachScene() {
  const hosur = { x: 1030, y: 360 };
  const destinations = [
    { x: 1150, y: 470, label: 'Malaysia' },
    { x: 1170, y: 520, label: 'Singapore' },
    { x: 1250, y: 690, label: 'Australia' },
  ];
  return (
    <>
      <circle cx="1110" cy="460" r="330" fill="#2f7d5b" fillOpacity="0.35" stroke="#e3f1e8" strokeOpacity="0.35" strokeWidth="2" />
      {[110, 220].map((rx) => (
        <ellipse key={rx} cx="1110" cy="460" rx={rx} ry="330" fill="none" stroke="#e3f1e8" strokeOpacity="0.2" strokeWidth="2" />
      ))}
      {[-220, -110, 0, 110, 220].map((dy) => (
        <ellipse
          key={dy}
          cx="1110"
          cy={460 + dy}
          rx={Math.sqrt(330 * 330 - dy * dy)}
          ry="26"
          fill="none"
          stroke="#e3f1e8"
          strokeOpacity="0.16"
          strokeWidth="2"
        />
      ))}
      <path d="M930 250C990 230 1050 250 1070 300C1080 340 1040 420 1020 430C1000 400 960 330 930 300Z" fill="#3f8f69" fillOpacity="0.8" />
      <path d="M1130 440C1150 450 1170 480 1180 520C1160 515 1140 480 1130 440Z" fill="#3f8f69" fillOpacity="0.8" />
      <path d="M1170 620C1230 600 1320 620 1340 670C1330 720 1260 740 1200 720C1170 700 1160 650 1170 620Z" fill="#3f8f69" fillOpacity="0.8" />
      {destinations.map((place) => (
        <g key={place.label}>
          <path
            d={`M${hosur.x} ${hosur.y}Q${(hosur.x + place.x) / 2 + 60} ${Math.min(hosur.y, place.y) - 90} ${place.x} ${place.y}`}
            fill="none"
            stroke="#fbe4ea"
            strokeWidth="3"
            strokeDasharray="2 10"
            strokeLinecap="round"
          />
          <circle cx={place.x} cy={place.y} r="9" fill="#fbe4ea" />
          <circle cx={place.x} cy={place.y} r="18" fill="none" stroke="#fbe4ea" strokeOpacity="0.5" strokeWidth="2" />
        </g>
      ))}
      <circle cx={hosur.x} cy={hosur.y} r="12" fill="#c0244f" stroke="#fffdf9" strokeWidth="4" />
      <Rose x={1390} y={160} size={80} palette={ROSE_RED} turn={15} />
      <Leaf x={1390} y={160} length={130} angle={140} fill="#2f7d5b" />
      <Rose x={760} y={790} size={58} palette={ROSE_BLUSH} turn={-15} />
    </>
  );
}

const SCENES: Record<HeroScene, ComponentType> = { export: ExportScene, quality: QualityScene, reach: ReachScene };

/** The hero's backdrop art: drawn in code, so it paints with the first render and never waits on a download. */
export function HeroArt({ scene }: { scene: HeroScene }) {
  const Scene = SCENES[scene];
  return (
    <svg className="hero__art" viewBox="0 0 1440 900" preserveAspectRatio="xMaxYMid slice" aria-hidden="true" focusable="false">
      <Scene />
    </svg>
  );
}
