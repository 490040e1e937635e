/** The product mark: a shield with a cross, drawn inline (no external asset). */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path d="M16 2 4 7v8c0 7.4 5.1 13.4 12 15 6.9-1.6 12-7.6 12-15V7L16 2Z" fill="#ffffff" opacity="0.95" />
      <path d="M16 4.3 6 8.5v6.6c0 6.3 4.2 11.4 10 12.9 5.8-1.5 10-6.6 10-12.9V8.5L16 4.3Z" fill="#0f8a6d" />
      <path d="M14 10h4v4h4v4h-4v4h-4v-4h-4v-4h4z" fill="#ffffff" />
    </svg>
  );
}
