// Brand marks drawn inline (lucide no longer ships brand icons); 24×24, currentColor.

export function TikTokIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M16.6 2c.3 2.4 1.7 4 4.1 4.2v3.1c-1.5.1-2.8-.4-4-1.2v6.1c0 3.9-3.3 6.6-7 5.8-4.5-1-5.6-6.5-2.4-9 1.2-.9 2.6-1.3 4.2-1.1v3.2c-.5-.1-1-.2-1.5-.1-1.3.2-2.2 1.3-2 2.6.3 1.6 2.1 2.3 3.4 1.5.7-.4 1.1-1.1 1.1-2V2h4.1z" />
    </svg>
  );
}

export function XIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
    </svg>
  );
}

export function InstagramIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
