import { BrandMark } from '../../../components/brand-mark.tsx';
import styles from './login-cover.module.css';

/** The sign-in screen's cover: a drum roaster over its cooling tray, drawn in copper. */
export function LoginCover() {
  return (
    <div className={styles.root}>
      <svg
        className={styles.art}
        viewBox="0 0 800 900"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="cover-bg" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#33231a" />
            <stop offset="0.55" stopColor="#1d1410" />
            <stop offset="1" stopColor="#100b08" />
          </linearGradient>
          <radialGradient id="cover-glow" cx="0.62" cy="0.42" r="0.55">
            <stop offset="0" stopColor="#d0742f" stopOpacity="0.42" />
            <stop offset="0.6" stopColor="#8a4420" stopOpacity="0.12" />
            <stop offset="1" stopColor="#000" stopOpacity="0" />
          </radialGradient>
          <linearGradient id="cover-scrim" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0.62" stopColor="#100b08" stopOpacity="0" />
            <stop offset="1" stopColor="#100b08" stopOpacity="0.85" />
          </linearGradient>
          <pattern
            id="cover-beans"
            width="96"
            height="96"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(-18)"
          >
            <g fill="#4a3325" opacity="0.32">
              <ellipse cx="24" cy="26" rx="10" ry="14" transform="rotate(30 24 26)" />
              <ellipse cx="72" cy="70" rx="10" ry="14" transform="rotate(-25 72 70)" />
            </g>
            <g fill="none" stroke="#1d1410" strokeWidth="2" strokeLinecap="round" opacity="0.45">
              <path d="M28 14c-5 6 0 11-5 17-2 3-3 5-2 8" />
              <path d="M68 57c5 6 0 11 4 17 2 3 2 5 1 8" />
            </g>
          </pattern>
        </defs>
        <rect width="800" height="900" fill="url(#cover-bg)" />
        <rect width="800" height="900" fill="url(#cover-beans)" />
        <rect width="800" height="900" fill="url(#cover-glow)" />
        <rect width="800" height="900" fill="url(#cover-scrim)" />

        <g
          transform="translate(0 -70)"
          fill="none"
          stroke="#d9925a"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M575 120c-14 16 14 28 0 44s14 28 0 44" opacity="0.45" />
          <path d="M610 100c-14 16 14 28 0 44s14 28 0 44" opacity="0.3" />
          <path d="M560 330V170h34v160" />
          <path d="M420 220h120l-26 70h-68z" />
          <path d="M454 290h52v40h-52z" />
          <rect x="330" y="330" width="300" height="200" rx="26" />
          <path d="M330 372h300M330 488h300" opacity="0.5" />
          <circle cx="430" cy="430" r="74" />
          <circle cx="430" cy="430" r="50" opacity="0.7" />
          <path d="M430 380v100M380 430h100M395 395l70 70M465 395l-70 70" opacity="0.45" />
          <path d="M530 410h62M530 450h62" />
          <circle cx="600" cy="410" r="6" />
          <circle cx="600" cy="450" r="6" />
          <path d="M360 530v60M600 530v60" />
          <path d="M430 504l22 92" />
          <ellipse cx="470" cy="640" rx="200" ry="44" />
          <ellipse cx="470" cy="640" rx="150" ry="30" opacity="0.6" />
          <path d="M470 610v60M330 640h280" opacity="0.45" />
          <path d="M300 654v80M640 654v80M470 684v60" />
          <path d="M270 744h400" opacity="0.6" />
        </g>
        <g transform="translate(0 -70)" fill="#c2773d" opacity="0.9">
          <ellipse cx="430" cy="640" rx="9" ry="6" transform="rotate(20 430 640)" />
          <ellipse cx="476" cy="630" rx="9" ry="6" transform="rotate(-15 476 630)" />
          <ellipse cx="512" cy="648" rx="9" ry="6" transform="rotate(35 512 648)" />
          <ellipse cx="452" cy="654" rx="9" ry="6" transform="rotate(-40 452 654)" />
          <ellipse cx="398" cy="648" rx="9" ry="6" transform="rotate(10 398 648)" />
        </g>
      </svg>
      <div className={styles.caption}>
        <div className={styles.brand}>
          <BrandMark size={40} />
          <span>Roastery Console</span>
        </div>
        <p className={styles.tagline}>
          Green-bean silos, roasters and packers, watched and driven from one place.
        </p>
      </div>
    </div>
  );
}
