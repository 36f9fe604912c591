import type { Config } from 'tailwindcss';
import { BREAKPOINTS } from '@hearth/shared';

const px = (n: number) => `${n}px`;

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    // The spec's breakpoints replace Tailwind's defaults (spec §9).
    screens: {
      sm: px(BREAKPOINTS.sm),
      md: px(BREAKPOINTS.md),
      lg: px(BREAKPOINTS.lg),
      xl: px(BREAKPOINTS.xl),
    },
    extend: {
      colors: {
        // Warm terracotta for actions; 700 on cream passes WCAG AA for text.
        ember: {
          50: '#fdf4ef',
          100: '#fbe6da',
          200: '#f6c9b1',
          300: '#efa47f',
          400: '#e67a4d',
          500: '#dc5d2c',
          600: '#c44a1f',
          700: '#a33a1b',
          800: '#83311c',
          900: '#6a2a1a',
        },
        cream: {
          50: '#fffdf9',
          100: '#fdf8ef',
          200: '#f8eedd',
          300: '#f0dfc2',
        },
        cocoa: {
          500: '#7a6a5e',
          600: '#5f5148',
          700: '#4a3f38',
          800: '#332b26',
          900: '#221c18',
        },
        sage: {
          100: '#e8efe4',
          500: '#5f7f52',
          700: '#3f5a35',
        },
      },
      fontFamily: {
        display: ['"Iowan Old Style"', '"Palatino Linotype"', 'Palatino', 'Georgia', 'ui-serif', 'serif'],
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
      },
      boxShadow: {
        card: '0 1px 2px rgb(34 28 24 / 0.06), 0 8px 24px -12px rgb(34 28 24 / 0.18)',
      },
    },
  },
  plugins: [],
} satisfies Config;
