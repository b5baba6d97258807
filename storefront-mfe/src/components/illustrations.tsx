import { useLingui } from '@lingui/react/macro';
import { Leaf, Rose, ROSE_BLUSH, ROSE_RED } from './botanicals';

/** Arched greenhouses over rows of roses in Hosur's hills. */
export function GreenhouseIllustration() {
  const { t } = useLingui();
  return (
    <svg className="illustration" viewBox="0 0 480 300" width="480" height="300" role="img" aria-label={t`Greenhouses with rows of roses under a morning sun`}>
      <rect width="480" height="300" rx="24" fill="#e3f1e8" />
      <circle cx="380" cy="70" r="36" fill="#f3d36b" />
      <path d="M0 190C80 150 160 160 240 175S400 150 480 165V300H0z" fill="#cfe6d8" />
      {[40, 250].map((x) => (
        <g key={x}>
          <path d={`M${x} 250V170C${x} 120 ${x + 190} 120 ${x + 190} 170V250Z`} fill="#fffdf9" fillOpacity="0.85" stroke="#1f5a41" strokeWidth="3" />
          {[1, 2, 3].map((n) => (
            <path key={n} d={`M${x + n * 47.5} 250V${n === 2 ? 133 : 140}`} stroke="#1f5a41" strokeWidth="2" strokeOpacity="0.5" />
          ))}
          {[0, 1, 2, 3].map((n) => (
            <g key={n}>
              <Leaf x={x + 24 + n * 47} y={236} length={22} angle={-140} fill="#2f7d5b" />
              <Rose x={x + 24 + n * 47} y={222} size={11} palette={n % 2 ? ROSE_BLUSH : ROSE_RED} turn={n * 20} />
            </g>
          ))}
        </g>
      ))}
      <rect x="0" y="250" width="480" height="50" fill="#2f7d5b" />
    </svg>
  );
}

/** A chilled truck on its way to a waiting plane. */
export function ColdChainIllustration() {
  const { t } = useLingui();
  return (
    <svg
      className="illustration"
      viewBox="0 0 480 300"
      width="480"
      height="300"
      role="img"
      aria-label={t`A refrigerated truck driving flowers to a cargo plane`}
    >
      <rect width="480" height="300" rx="24" fill="#dde9f1" />
      <path d="M250 90C300 60 380 50 440 60" stroke="#1f5a41" strokeWidth="3" strokeDasharray="3 10" fill="none" strokeLinecap="round" />
      <g transform="translate(300 80) rotate(-12)" fill="#1f5a41">
        <path d="M-50 0L40-6C52-6 58 0 52 6L-50 12Z" />
        <path d="M-6 0L-30-36H-16L20 0ZM-6 8L-30 44H-16L20 8Z" />
        <path d="M-50 0L-62-20H-54L-38 2Z" />
      </g>
      <rect x="0" y="236" width="480" height="64" fill="#9aa7a0" />
      <path d="M0 268H480" stroke="#fffdf9" strokeWidth="4" strokeDasharray="24 18" />
      <rect x="60" y="150" width="190" height="90" rx="8" fill="#fffdf9" stroke="#14382a" strokeWidth="3" />
      <path d="M250 176H300L330 206V240H250Z" fill="#2f7d5b" stroke="#14382a" strokeWidth="3" />
      <path d="M262 186H294L314 206H262Z" fill="#dde9f1" />
      <circle cx="110" cy="242" r="16" fill="#1d1d1b" />
      <circle cx="290" cy="242" r="16" fill="#1d1d1b" />
      <g transform="translate(120 195)" stroke="#1a4480" strokeWidth="3" strokeLinecap="round">
        {[0, 60, 120].map((angle) => (
          <path key={angle} d="M0 -22V22M-6 -16L0 -10L6 -16M-6 16L0 10L6 16" transform={`rotate(${angle})`} />
        ))}
      </g>
      <Rose x={200} y={192} size={22} palette={ROSE_RED} />
      <Leaf x={200} y={192} length={36} angle={140} />
    </svg>
  );
}

/** Drip lines fed by a rain-water tank. */
export function WaterIllustration() {
  const { t } = useLingui();
  return (
    <svg
      className="illustration"
      viewBox="0 0 480 300"
      width="480"
      height="300"
      role="img"
      aria-label={t`A rain-water tank feeding drip lines beside rose plants`}
    >
      <rect width="480" height="300" rx="24" fill="#e3f1e8" />
      <path d="M70 40C90 28 120 28 140 40C160 30 190 34 196 54H60C60 48 64 42 70 40Z" fill="#fffdf9" />
      {[80, 110, 140, 170].map((x) => (
        <path key={x} d={`M${x} 66L${x - 6} 84`} stroke="#1a4480" strokeWidth="3" strokeLinecap="round" />
      ))}
      <rect x="60" y="110" width="110" height="130" rx="12" fill="#5b8fb9" />
      <rect x="60" y="150" width="110" height="90" rx="12" fill="#1a4480" fillOpacity="0.7" />
      <path d="M170 220H440" stroke="#14382a" strokeWidth="5" />
      {[230, 300, 370, 430].map((x, index) => (
        <g key={x}>
          <path d={`M${x} 210V150`} stroke="#1f5a41" strokeWidth="4" />
          <Leaf x={x} y={180} length={34} angle={-150} />
          <Leaf x={x} y={170} length={30} angle={-30} fill="#3f8f69" />
          <Rose x={x} y={140} size={16} palette={index % 2 ? ROSE_BLUSH : ROSE_RED} />
          <path d={`M${x + 8} 226C${x + 4} 236 ${x + 12} 240 ${x + 14} 232C${x + 14} 229 ${x + 10} 228 ${x + 8} 226Z`} fill="#1a4480" />
        </g>
      ))}
      <rect x="0" y="244" width="480" height="56" fill="#8a6a45" fillOpacity="0.35" />
    </svg>
  );
}

/** A recyclable flower box tied with twine. */
export function PackingIllustration() {
  const { t } = useLingui();
  return (
    <svg className="illustration" viewBox="0 0 480 300" width="480" height="300" role="img" aria-label={t`A recyclable cardboard flower box with roses inside`}>
      <rect width="480" height="300" rx="24" fill="#fbf6ee" />
      <Rose x={200} y={110} size={34} palette={ROSE_RED} turn={10} />
      <Rose x={256} y={100} size={30} palette={ROSE_BLUSH} turn={-20} />
      <Rose x={300} y={118} size={32} palette={ROSE_RED} turn={40} />
      <Leaf x={160} y={120} length={50} angle={-160} />
      <Leaf x={330} y={120} length={50} angle={-20} fill="#3f8f69" />
      <path d="M120 130H380L360 260H140Z" fill="#d9b98a" stroke="#8a6a45" strokeWidth="3" strokeLinejoin="round" />
      <path d="M120 130L150 160H350L380 130" fill="#c49e68" stroke="#8a6a45" strokeWidth="3" strokeLinejoin="round" />
      <path d="M250 160V260" stroke="#8a6a45" strokeWidth="3" strokeDasharray="6 6" />
      <g transform="translate(250 212)" fill="none" stroke="#1f5a41" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        {[0, 120, 240].map((angle) => (
          <path key={angle} d="M-6 -22L8 -22L14 -12M14 -12L18 -20M14 -12L6 -12" transform={`rotate(${angle})`} />
        ))}
      </g>
    </svg>
  );
}
