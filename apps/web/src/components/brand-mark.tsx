interface BrandMarkProps {
  size?: number;
}

/** The console's mark: a roasted coffee bean in a ring, in the brand's copper. */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#2b1d15" stroke="#d08a4e" strokeWidth="1.5" />
      <ellipse
        cx="16"
        cy="16"
        rx="6.5"
        ry="9.5"
        transform="rotate(28 16 16)"
        fill="#b5652b"
        stroke="#f0c08f"
        strokeWidth="1"
      />
      <path
        d="M19.2 8.6c-3.6 2.2-1.2 6.1-3.4 8.2-1.6 1.5-3.2 2.4-3 6.6"
        fill="none"
        stroke="#2b1d15"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
