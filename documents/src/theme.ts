/**
 * The shop's colours (web/src/styles/base.css), so that its paper and its e-mails look like the web
 * shop: a dark slate band with the orange accent.
 */
export const THEME = {
  ink: '#141c26',
  band: '#141c26',
  accent: '#f28c28',
  muted: '#5b6b7d',
  rule: '#b9c3cf',
  shade: '#eef1f5',
  paper: '#ffffff',
} as const;

/** The shop's name as its documents' band prints it. */
export const SHOP_NAME = 'ToolForge';
