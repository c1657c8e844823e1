// Display settings (text size, dark theme, red letters), remembered in the browser's local storage.
import { ui } from './page.ts';

const SETTINGS_KEY = 'bible-reader-settings';

interface Settings {
  fontSize: number;
  dark: boolean;
  redLetters: boolean;
}

function loadSettings(): Settings {
  const defaults = { fontSize: 17, dark: matchMedia('(prefers-color-scheme: dark)').matches, redLetters: true };
  try {
    return { ...defaults, ...(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return defaults;
  }
}

function applySettings(s: Settings): void {
  document.documentElement.style.setProperty('--text-size', `${s.fontSize}px`);
  document.documentElement.dataset.theme = s.dark ? 'dark' : 'light';
  document.body.classList.toggle('plain-letters', !s.redLetters);
  ui.dark.checked = s.dark;
  ui.redLetters.checked = s.redLetters;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch {}
}

export function wireSettings(): void {
  let settings = loadSettings();
  const change = (next: Partial<Settings>) => {
    settings = { ...settings, ...next };
    applySettings(settings);
  };
  applySettings(settings);
  ui.dark.addEventListener('change', () => change({ dark: ui.dark.checked }));
  ui.redLetters.addEventListener('change', () => change({ redLetters: ui.redLetters.checked }));
  ui.smaller.addEventListener('click', () => change({ fontSize: Math.max(13, settings.fontSize - 2) }));
  ui.larger.addEventListener('click', () => change({ fontSize: Math.min(31, settings.fontSize + 2) }));
}
