/** An inline text link with an icon (buttonVariants' link variant keeps the button's padding). */
export const textLink =
  'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline [&_svg]:size-4 [&_svg]:shrink-0';
