import { decodeHTML } from 'entities';

/**
 * Turns catalogue text into plain text: decodes HTML entities (`&trade;` → ™), drops tags, and collapses
 * runs of white space. `"Mars HeatTech&trade;  Pullover"` → `"Mars HeatTech™ Pullover"`.
 */
export function cleanText(value: string): string {
  return decodeHTML(value.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Splits a multi-valued attribute as the Luma export writes it (newline- or comma-separated), cleaning
 * each value and dropping empty ones. `"Nylon\nPolyester"` → `["Nylon", "Polyester"]`.
 */
export function splitValues(value: unknown): string[] {
  const parts = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value.split(/\n/)
      : [];
  return [...new Set(parts.map(cleanText).filter((part) => part.length > 0))];
}
