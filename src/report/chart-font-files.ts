/**
 * The TrueType files of DejaVu Sans that charts are drawn and measured with: regular, bold,
 * oblique, bold oblique. From the dejavu-fonts-ttf package; the compiled package carries these
 * four in `dist/vendor/fonts` (scripts/vendor-fonts.mjs reads this list) instead of the
 * package's 12 MB of other faces.
 */
export const CHART_FONT_FILE_NAMES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
] as const;
