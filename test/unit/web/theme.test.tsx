import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { applyTheme, readTheme, THEME_STORAGE_KEY } from '#ui/theme.ts';
import { ThemeToggle } from '#ui/ThemeToggle.tsx';

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(cleanup);

  it('[R-THM-1] is light by default: no dark class and a moon to switch', () => {
    applyTheme(readTheme());
    expect(readTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('[R-THM-1] dark is applied as the class `dark` on the document element', () => {
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it("[R-THM-2] the choice is saved in localStorage 'theme' and restored on load", () => {
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    cleanup();
    document.documentElement.className = '';
    // A new page load: main.tsx applies the stored theme before rendering.
    applyTheme(readTheme());
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });

  it('[R-THM-2] an unreadable or unknown stored value falls back to light', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readTheme()).toBe('light');
    const broken = { getItem: () => { throw new Error('denied'); } };
    expect(readTheme(broken)).toBe('light');
  });
});
