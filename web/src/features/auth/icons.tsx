/** Decorative icons of the sign-in screens: hidden from assistive technology, the text beside them says it. */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function MailIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    </svg>
  );
}

export function CheckIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function CheckCircleIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <circle cx="12" cy="12" r="10" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}

export function AlertIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  );
}

export function ArrowLeftIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </svg>
  );
}

/** A passkey: a key with a person's outline, as the platforms draw it. */
export function PasskeyIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" />
      <circle cx="18" cy="13" r="2.5" />
      <path d="M18 15.5V21l-1.5-1.5M18 18.5h1.5" />
    </svg>
  );
}
