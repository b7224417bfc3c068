import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge (8 KB on the first page): components never pass a class
 * that conflicts with a base class; add a variant instead.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
