import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { AVATAR_REFRESH_MS } from '#domain/auth/sign-in-flow.ts';
import { Avatar, refreshMarker, withRefreshMarker } from '../../../web/src/features/auth/components/Avatar.tsx';

const shown = (c: HTMLElement) => c.querySelector('[data-avatar]')?.getAttribute('data-avatar');

describe('avatar', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('[R-NAV-9] shows the photo once it has loaded, with a placeholder until then', () => {
    const { container, getByTestId, queryByTestId } = render(<Avatar name="Maria Lopez" photoUrl="https://photos.example/maria.jpg" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/^https:\/\/photos\.example\/maria\.jpg\?v=\d+$/);
    expect(shown(container)).toBe('loading');
    expect(getByTestId('avatar-placeholder')).toBeTruthy();
    fireEvent.load(img!);
    expect(shown(container)).toBe('photo');
    expect(queryByTestId('avatar-placeholder')).toBeNull();
  });

  it('[R-NAV-9] a photo that fails to load falls back to the initials', () => {
    const { container } = render(<Avatar name="Maria Lopez" photoUrl="https://photos.example/gone.jpg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(shown(container)).toBe('initials');
    expect(container.textContent).toBe('ML');
  });

  it('[R-NAV-9] without a photo: initials of up to two words of the name', () => {
    for (const [name, initials] of [
      ['Frank Miller', 'FM'],
      ['Maria del Carmen Lopez', 'MD'],
      ['cher', 'C'],
    ] as const) {
      const { container, unmount } = render(<Avatar name={name} photoUrl={null} />);
      expect(shown(container)).toBe('initials');
      expect(container.textContent).toBe(initials);
      unmount();
    }
  });

  it('[R-NAV-9] with neither photo nor usable name: a generic user icon (also after a failed photo)', () => {
    const { container, getByTestId, unmount } = render(<Avatar name={null} photoUrl={null} />);
    expect(shown(container)).toBe('icon');
    expect(getByTestId('avatar-icon')).toBeTruthy();
    unmount();
    const second = render(<Avatar name="  " photoUrl="/photos/x.png" />);
    fireEvent.error(second.container.querySelector('img')!);
    expect(shown(second.container)).toBe('icon');
  });

  it('[R-NAV-9] an unsafe photo URL is never put in an <img>', () => {
    const { container } = render(<Avatar name="Eve Hacker" photoUrl="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('EH');
  });

  it('[R-AUTH-14] the photo refresh marker changes every 300 s and not within a window', () => {
    const start = 10 * AVATAR_REFRESH_MS + 1_000;
    vi.useFakeTimers({ now: start });
    const { container } = render(<Avatar name="Maria Lopez" photoUrl="https://photos.example/maria.jpg?sz=96" />);
    const src = () => container.querySelector('img')?.getAttribute('src');
    const first = src();
    expect(first).toBe(`https://photos.example/maria.jpg?sz=96&v=${refreshMarker(start)}`);
    act(() => vi.advanceTimersByTime(AVATAR_REFRESH_MS - 60_000));
    expect(src()).toBe(first);
    act(() => vi.advanceTimersByTime(60_000));
    expect(src()).toBe(`https://photos.example/maria.jpg?sz=96&v=${refreshMarker(start + AVATAR_REFRESH_MS)}`);
    expect(src()).not.toBe(first);
  });

  it('[R-AUTH-14] the marker keeps a fragment at the end', () => {
    expect(withRefreshMarker('/p.png#x', 600_000)).toBe('/p.png?v=600000#x');
    expect(refreshMarker(AVATAR_REFRESH_MS * 3 + 299_999)).toBe(AVATAR_REFRESH_MS * 3);
  });
});
